import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../test/documents";
import { testDatabaseKinds } from "../test/databases";
import {
  customOrderDraft,
  failure,
  linkFromMail,
  mailsTo,
  readEveryPage,
  sign,
  signingClient,
  signUpMember,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { outboxMails } from "../test/outbox";

describe.each(testDatabaseKinds)("recipients in copy on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("never invites a copy, lets a step of copies block nothing, and mails it the sealed result on completion", async () => {
    const first = uniqueEmail("first");
    const copy = uniqueEmail("copy");
    const last = uniqueEmail("last");
    const { saved } = await customOrderDraft(sender, [
      { email: first, kind: "signer", step: 1 },
      { email: copy, kind: "cc", step: 2 },
      { email: last, kind: "signer", step: 3 },
    ]);
    // The step holding only the copy is not a step of its own: the copy is listed with the last.
    expect(saved.recipients.map((recipient) => [recipient.kind, recipient.step])).toEqual([
      ["signer", 1],
      ["cc", 2],
      ["signer", 2],
    ]);
    const sent = await sender.api.envelope.send({ envelopeUuid: saved.uuid });
    await h.t.jobs.runUntilIdle();
    expect(sent.status).toBe("signing");
    expect(await mailsTo(h, first)).toHaveLength(1);
    expect(await mailsTo(h, copy)).toEqual([]);

    const client = signingClient(h);
    const firstLink = await linkFromMail(h, first, sent.uuid);
    await readEveryPage(client, firstLink);
    await sign(client, firstLink);
    await h.t.jobs.runUntilIdle();
    // The copy's step did not hold the last signer back, and the copy is still not invited.
    expect(await mailsTo(h, last)).toHaveLength(1);
    expect(await mailsTo(h, copy)).toEqual([]);

    const lastLink = await linkFromMail(h, last, sent.uuid);
    // The proof exists once everyone has signed.
    const early = await failure(
      client.envelope.downloadSignerDocument({ ...lastLink, proof: true }),
    );
    expect(early.code).toBe("CONFLICT");
    await readEveryPage(client, lastLink);
    await sign(client, lastLink);
    await h.t.jobs.runUntilIdle();
    const complete = await sender.api.envelope.get({ envelopeUuid: sent.uuid });
    expect(complete.status).toBe("complete");

    // One mail to the copy: the completion mail, saying they were copied, with a link to the result.
    const copyMails = await outboxMails(h.database.connection.db, h.t.mailKey, copy);
    expect(copyMails).toHaveLength(1);
    expect(copyMails[0]?.subject).toMatch(/signed by everyone/);
    expect(copyMails[0]?.text).toMatch(/You were copied/);
    const copyLink = await linkFromMail(h, copy, sent.uuid);
    const sealed = Buffer.from(
      (await sender.api.envelope.download({ envelopeUuid: sent.uuid, kind: "sealed" })).data,
      "base64",
    );
    const fromLink = await client.envelope.downloadSignerDocument(copyLink);
    expect(Buffer.from(fromLink.data, "base64").equals(sealed)).toBe(true);
    // And the proof, through the same link.
    const proofFile = await sender.api.envelope.download({
      envelopeUuid: sent.uuid,
      kind: "proof",
    });
    const proofFromLink = await client.envelope.downloadSignerDocument({
      ...copyLink,
      proof: true,
    });
    expect(proofFromLink.filename).toBe(proofFile.filename);
    expect(proofFromLink.data).toBe(proofFile.data);

    // The chain names the copy apart from those who act, and the proof lists it as copied.
    const activity = await sender.api.envelope.activity({ envelopeUuid: sent.uuid });
    expect(activity.chainValid).toBe(true);
    const sentEvent = activity.events.find((event) => event.type === "envelopeSent");
    expect(sentEvent?.recipients.map((person) => person.email)).toEqual([first, last]);
    expect(sentEvent?.copied).toEqual([{ name: "Person Number 2", email: copy }]);
    const started = activity.events
      .filter((event) => event.type === "stepStarted")
      .map((event) => [event.step?.number, event.step?.of]);
    expect(started).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const proof = pdfText(
      Buffer.from(
        (await sender.api.envelope.download({ envelopeUuid: sent.uuid, kind: "proof" })).data,
        "base64",
      ),
      { raw: true },
    );
    expect(proof).toContain("In copy (received the result)");
    // The sending event's details name the copy (the table cell wraps long addresses).
    expect(proof.replace(/\s+/g, "")).toContain(`Incopy:PersonNumber2<${copy}>`);
  });

  it("refuses a field for a copy with a clear reason", async () => {
    const signer = uniqueEmail("signer");
    const copy = uniqueEmail("copy");
    const { saved, documentUuid } = await customOrderDraft(sender, [
      { email: signer, kind: "signer", step: 1 },
      { email: copy, kind: "cc", step: 1 },
    ]);
    const copyUuid = saved.recipients.find((recipient) => recipient.kind === "cc")?.uuid ?? "";
    const refused = await failure(
      sender.api.envelope.saveFields({
        envelopeUuid: saved.uuid,
        fields: [
          {
            documentUuid,
            page: 0,
            x: 0.1,
            y: 0.5,
            width: 0.3,
            height: 0.1,
            kind: "text",
            recipientUuid: copyUuid,
          },
        ],
      }),
    );
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.message).toMatch(/in copy only receives/);
    expect(refused.details).toEqual([
      expect.objectContaining({ path: "fields.0.recipientUuid", message: "cc_has_no_fields" }),
    ]);
  });

  it("refuses to send an envelope whose only recipients are copies", async () => {
    const { saved } = await customOrderDraft(sender, [
      { email: uniqueEmail("copy"), kind: "cc", step: 1 },
    ]);
    const refused = await failure(sender.api.envelope.send({ envelopeUuid: saved.uuid }));
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.details).toEqual([
      expect.objectContaining({ path: "recipients", message: "signer_required" }),
    ]);
  });
});
