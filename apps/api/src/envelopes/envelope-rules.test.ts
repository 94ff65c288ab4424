import { readdir } from "node:fs/promises";
import { endpoints, type Endpoint } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { makeCertifiedPdf, makePdf, runToolOrThrow, temporaryDirectory } from "../test/documents";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import { outboxMails } from "../test/outbox";
import {
  failure,
  linkFromMail,
  mailsTo,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";

/** The contract's endpoint without the client-side check: proves the server's own validation. */
function unchecked(endpoint: Endpoint): Endpoint<z.ZodAny> {
  return { ...endpoint, request: z.any() };
}

const MAX_BYTES = 40_000;
const MAX_PAGES = 3;

async function blobFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true })).filter(
      (name) => name.endsWith(".blob") || name.includes("."),
    );
  } catch {
    return [];
  }
}

describe.each(testDatabaseKinds)("envelope rules on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;
  let outsider: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(
      kind,
      {},
      { MAX_UPLOAD_BYTES: String(MAX_BYTES), MAX_UPLOAD_PAGES: String(MAX_PAGES) },
    );
    sender = await signUpMember(h, "sender", "Sender team");
    outsider = await signUpMember(h, "outsider", "Other team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("refuses truncated, encrypted, non-PDF, oversized, too-long and certified files with clear field errors, storing nothing", async () => {
    const good = await makePdf({ pages: 1, width: 300, height: 400 });
    const tmp = temporaryDirectory();
    let encrypted: Buffer;
    try {
      const input = tmp.file("plain.pdf", good);
      const output = tmp.file("encrypted.pdf");
      runToolOrThrow("qpdf", ["--encrypt", "open-sesame", "owner", "256", "--", input, output]);
      const { readFileSync } = await import("node:fs");
      encrypted = readFileSync(output);
    } finally {
      tmp.cleanup();
    }
    const oversized = Buffer.concat([Buffer.from(good), Buffer.alloc(MAX_BYTES, 0x20)]);
    const files = [
      { filename: "fine.pdf", data: Buffer.from(good).toString("base64") },
      { filename: "cut.pdf", data: Buffer.from(good.slice(0, good.length / 2)).toString("base64") },
      { filename: "locked.pdf", data: encrypted.toString("base64") },
      { filename: "notes.pdf", data: Buffer.from("just some text, not a PDF").toString("base64") },
      { filename: "huge.pdf", data: oversized.toString("base64") },
      { filename: "long.pdf", data: await tinyPdf(MAX_PAGES + 1) },
      {
        filename: "certified.pdf",
        data: Buffer.from(await makeCertifiedPdf(1, good)).toString("base64"),
      },
    ];
    const before = await blobFiles(h.t.config.blobDir);
    const error = await failure(sender.api.envelope.upload({ files }));
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.map((detail) => [detail.path, detail.message])).toEqual([
      ["files.1", "truncated"],
      ["files.2", "encrypted"],
      ["files.3", "not_pdf"],
      ["files.4", "too_large"],
      ["files.5", "too_many_pages"],
      ["files.6", "certified"],
    ]);
    // A file over a limit names its size or page count and the limit, for the apps to say them.
    expect(error.details?.[3]?.params).toEqual({ size: oversized.length, limit: MAX_BYTES });
    expect(error.details?.[4]?.params).toEqual({ count: MAX_PAGES + 1, limit: MAX_PAGES });
    expect(error.details?.[2]?.params).toBeUndefined();
    expect(await blobFiles(h.t.config.blobDir)).toEqual(before);
    const count = await h.database.connection.db
      .selectFrom("envelope")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("teamId", "=", sender.teamUuid)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("keeps another team's envelope out of reach: get, list, download, activity and cancel answer NOT_FOUND", async () => {
    const envelope = await sentEnvelope(sender, [uniqueEmail("signer")], { title: "Secret" });
    for (const call of [
      () => outsider.api.envelope.get({ envelopeUuid: envelope.uuid }),
      () => outsider.api.envelope.download({ envelopeUuid: envelope.uuid, kind: "original" }),
      () => outsider.api.envelope.activity({ envelopeUuid: envelope.uuid }),
      () => outsider.api.envelope.cancel({ envelopeUuid: envelope.uuid, reason: "Mine now" }),
      () =>
        outsider.api.envelope.pagePreview({
          envelopeUuid: envelope.uuid,
          documentUuid: envelope.documents[0]?.uuid ?? "",
          page: 0,
        }),
    ]) {
      const error = await failure(call());
      expect(error.code).toBe("NOT_FOUND");
      expect(error.statusCode).toBe(404);
    }
    const listed = await outsider.api.envelope.list({});
    expect(listed.envelopes.map((e) => e.uuid)).not.toContain(envelope.uuid);
    expect((await outsider.api.envelope.dashboard({})).recent).toEqual([]);
    expect((await sender.api.envelope.get({ envelopeUuid: envelope.uuid })).status).toBe("signing");
  });

  it("opens only the link's own envelope: another envelope NOT_FOUND, a wrong secret or an expired envelope ACCESS_LINK_INVALID", async () => {
    const email = uniqueEmail("linked");
    const mine = await sentEnvelope(sender, [email]);
    const other = await sentEnvelope(sender, [uniqueEmail("other")]);
    const link = await linkFromMail(h, email, mine.uuid);
    const signer = signingClient(h);
    expect((await signer.envelope.open(link)).envelope.uuid).toBe(mine.uuid);

    const wrongEnvelope = await failure(
      signer.envelope.open({ ...link, envelopeUuid: other.uuid }),
    );
    expect(wrongEnvelope.code).toBe("NOT_FOUND");
    const wrongSecret = await failure(
      signer.envelope.open({ ...link, secretKey: `${link.secretKey.slice(0, -2)}AA` }),
    );
    expect(wrongSecret.code).toBe("ACCESS_LINK_INVALID");
    const download = await failure(
      signer.envelope.downloadSignerDocument({ ...link, envelopeUuid: other.uuid }),
    );
    expect(download.code).toBe("NOT_FOUND");

    await h.database.connection.db
      .updateTable("envelope")
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where("id", "=", mine.uuid)
      .execute();
    expect((await failure(signer.envelope.open(link))).code).toBe("ACCESS_LINK_INVALID");
  });

  it("refuses to send QES (no provider), AES without a check for every signer, a draft without recipients, and fields off the document", async () => {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Offer.pdf", data: await tinyPdf(1) }],
    });
    const empty = await failure(sender.api.envelope.send({ envelopeUuid: draft.uuid }));
    expect(empty.details?.map((d) => d.path)).toContain("recipients");

    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email: uniqueEmail("aes"), firstname: "A", lastname: "B" }],
    });
    const recipientUuid = saved.recipients[0]?.uuid ?? "";
    const documentUuid = draft.documents[0]?.uuid ?? "";
    const offPage = await failure(
      sender.api.envelope.saveFields({
        envelopeUuid: draft.uuid,
        fields: [
          {
            documentUuid,
            page: 3,
            x: 0.1,
            y: 0.1,
            width: 0.2,
            height: 0.1,
            kind: "signature",
            recipientUuid,
          },
        ],
      }),
    );
    expect(offPage.details?.[0]).toMatchObject({ path: "fields.0.page", message: "not_found" });
    const noSignature = await failure(sender.api.envelope.send({ envelopeUuid: draft.uuid }));
    expect(noSignature.details?.[0]).toMatchObject({
      path: "recipients.0",
      message: "signature_field_required",
    });

    await sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: [
        {
          documentUuid,
          page: 0,
          x: 0.1,
          y: 0.1,
          width: 0.2,
          height: 0.1,
          kind: "signature",
          recipientUuid,
        },
      ],
    });
    const updated = await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { signatureLevel: "QES" },
    });
    expect(updated.options.signatureLevel).toBe("QES");
    const qes = await failure(sender.api.envelope.send({ envelopeUuid: draft.uuid }));
    expect(qes.code).toBe("VALIDATION_ERROR");
    expect(qes.details).toEqual([
      expect.objectContaining({ path: "options.signatureLevel", message: "level_unavailable" }),
    ]);
    // AES is offered (the development signer authority), but only with a check for every signer.
    await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { signatureLevel: "AES" },
    });
    const aes = await failure(sender.api.envelope.send({ envelopeUuid: draft.uuid }));
    expect(aes.details).toEqual([
      expect.objectContaining({
        path: "recipients.0.verification",
        message: "verification_required",
      }),
    ]);
    expect((await sender.api.envelope.get({ envelopeUuid: draft.uuid })).status).toBe("draft");

    // Options only change on drafts; the title always.
    await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { signatureLevel: "SES" },
    });
    await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    const late = await failure(
      sender.api.envelope.update({
        envelopeUuid: draft.uuid,
        options: { signingOrder: "sequential" },
      }),
    );
    expect(late.code).toBe("CONFLICT");
    const renamed = await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      title: "Offer v2",
    });
    expect(renamed.title).toBe("Offer v2");
  });

  it("cancels only with a reason under 500 characters, mails the recipients, and then refuses signing", async () => {
    const email = uniqueEmail("canceled");
    const envelope = await sentEnvelope(sender, [email]);
    const cancel = unchecked(endpoints.envelope.cancel);
    const missing = await failure(
      sender.api.call(cancel, { envelopeUuid: envelope.uuid, reason: "  " }),
    );
    expect(missing.details?.[0]).toMatchObject({ path: "reason", message: "required" });
    const long = await failure(
      sender.api.call(cancel, { envelopeUuid: envelope.uuid, reason: "x".repeat(500) }),
    );
    expect(long.details?.[0]).toMatchObject({ path: "reason", message: "too_long" });

    const canceled = await sender.api.envelope.cancel({
      envelopeUuid: envelope.uuid,
      reason: "x".repeat(499),
    });
    expect(canceled).toMatchObject({ status: "canceled", cancelReason: "x".repeat(499) });
    expect((await mailsTo(h, email)).at(-1)).toMatch(/canceled/);
    const link = await linkFromMail(h, email, envelope.uuid);
    const signer = signingClient(h);
    // A canceled envelope's links no longer sign (nor serve its pages).
    expect((await failure(sign(signer, link))).code).toBe("ACCESS_LINK_INVALID");
    const activity = await sender.api.envelope.activity({ envelopeUuid: envelope.uuid });
    expect(activity.events.at(-1)).toMatchObject({
      type: "envelopeCanceled",
      reason: "x".repeat(499),
    });
  });

  it("declines with a reason: the envelope is declined, the sender and the other recipients are mailed", async () => {
    const first = uniqueEmail("decliner");
    const second = uniqueEmail("bystander");
    const envelope = await sentEnvelope(sender, [first, second]);
    const link = await linkFromMail(h, first, envelope.uuid);
    const signer = signingClient(h);
    const noReason = await failure(
      signer.call(unchecked(endpoints.envelope.decline), { ...link, reason: "" }),
    );
    expect(noReason.code).toBe("VALIDATION_ERROR");
    await expect(
      signer.envelope.decline({ ...link, reason: "The amount is wrong" }),
    ).resolves.toEqual({ recipientStatus: "declined", envelopeStatus: "declined" });
    expect((await mailsTo(h, sender.email)).at(-1)).toMatch(/declined/);
    expect((await mailsTo(h, second)).at(-1)).toMatch(/declined/);
    const detail = await sender.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(detail.status).toBe("declined");
    expect(detail.recipients[0]).toMatchObject({
      status: "declined",
      declineReason: "The amount is wrong",
    });
    const activity = await sender.api.envelope.activity({ envelopeUuid: envelope.uuid });
    expect(activity.events.at(-1)).toMatchObject({
      type: "envelopeDeclined",
      reason: "The amount is wrong",
      ipAddress: "198.51.100.7",
    });
    const otherLink = await linkFromMail(h, second, envelope.uuid);
    expect((await failure(sign(signer, otherLink))).code).toBe("ACCESS_LINK_INVALID");
  });

  it("lists by filter with keyset pagination, answers the inbox requests pending first, moves and deletes drafts", async () => {
    const member = await signUpMember(h, "lister", "Lister team");
    const inboxOwner = await h.login(uniqueEmail("inbox"));
    const drafts = [];
    for (let index = 0; index < 3; index++) {
      drafts.push(
        await member.api.envelope.upload({
          files: [{ filename: `Draft ${index}.pdf`, data: await tinyPdf(1) }],
        }),
      );
    }
    const sent = await sentEnvelope(member, [inboxOwner.email], { title: "For the inbox" });
    // The page previews, which the job queue renders after the upload.
    await h.t.jobs.runUntilIdle();
    const page1 = await member.api.envelope.list({ limit: 3 });
    expect(page1.envelopes).toHaveLength(3);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await member.api.envelope.list({ limit: 3, cursor: page1.nextCursor ?? "" });
    expect(page2.nextCursor).toBeNull();
    const all = [...page1.envelopes, ...page2.envelopes].map((e) => e.uuid);
    expect(new Set(all).size).toBe(4);
    expect(all[0]).toBe(sent.uuid);
    expect((await member.api.envelope.list({ filter: "draft" })).envelopes).toHaveLength(3);
    expect(
      (await member.api.envelope.list({ filter: "signing" })).envelopes.map((e) => e.uuid),
    ).toEqual([sent.uuid]);
    expect((await member.api.envelope.list({ filter: "complete" })).envelopes).toEqual([]);
    const dashboard = await member.api.envelope.dashboard({});
    expect(dashboard).toMatchObject({ drafts: 3, pendingSignature: 1, completed: 0 });
    expect(dashboard.recent).toHaveLength(4);

    const { requests } = await inboxOwner.api.envelope.listRequests({});
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      envelopeUuid: sent.uuid,
      envelopeTitle: "For the inbox",
      envelopeStatus: "signing",
      recipientStatus: "pending",
      sender: { email: member.email },
    });
    expect(requests[0]?.documents[0]?.preview).toMatch(/^data:image\//);
    const link = requests[0]?.recipientLink;
    const opened = await signingClient(h).envelope.open({
      envelopeUuid: sent.uuid,
      token: link?.token ?? "",
      secretKey: link?.secretKey ?? "",
    });
    expect(opened.recipient.email).toBe(inboxOwner.email);

    const { workspaces } = await member.api.workspace.list({});
    expect(workspaces).toEqual([expect.objectContaining({ isDefault: true, memberCount: 1 })]);
    const moveAway = await failure(
      member.api.envelope.move({
        envelopeUuid: sent.uuid,
        workspaceUuid: sender.defaultWorkspaceUuid,
      }),
    );
    expect(moveAway.code).toBe("NOT_FOUND");

    const draft = drafts[0]?.uuid ?? "";
    await expect(member.api.envelope.delete({ envelopeUuid: draft })).resolves.toEqual({
      deleted: true,
    });
    expect((await failure(member.api.envelope.get({ envelopeUuid: draft }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(member.api.envelope.delete({ envelopeUuid: sent.uuid }))).code).toBe(
      "CONFLICT",
    );
  });

  it("mails each recipient in their language: a known user's preferred one, otherwise the sender's", async () => {
    const french = await h.login(uniqueEmail("francais"));
    await french.api.user.updateProfile({
      firstname: "Élise",
      lastname: "Durand",
      preferredLanguage: "fr",
    });
    const stranger = uniqueEmail("stranger");
    const envelope = await sentEnvelope(sender, [french.email, stranger], { title: "Bail" });
    const mails = [
      ...(await outboxMails(h.database.connection.db, h.t.mailKey, french.email)),
      ...(await outboxMails(h.database.connection.db, h.t.mailKey, stranger)),
    ].filter((mail) => mail.text.includes(`/sign/${envelope.uuid}#`));
    const byAddress = new Map(mails.map((mail) => [mail.toAddress, mail]));
    expect(byAddress.get(french.email)).toMatchObject({ locale: "fr" });
    expect(byAddress.get(french.email)?.subject).toMatch(/vous demande de signer/);
    expect(byAddress.get(stranger)).toMatchObject({ locale: "en" });
    expect(byAddress.get(stranger)?.subject).toMatch(/asks you to sign “Bail”/);
    const opened = await signingClient(h).envelope.open(
      await linkFromMail(h, french.email, envelope.uuid),
    );
    expect(opened.language).toBe("fr");
  });
});
