import { stat } from "node:fs/promises";
import path from "node:path";
import type { EnvelopeDetail } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import { sendEnvelope } from "./send-envelope";
import { signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";
import {
  AfterTableRead,
  envelopeDepsOf,
  memberByEmail,
  outcome,
  type Outcome,
} from "../test/races";

/**
 * Races per edit. Even rounds pin the worst interleaving: the send runs, whole, right after the
 * edit read the envelope and before it writes. Odd rounds start both calls in the same tick.
 */
const ROUNDS = 8;

describe.each(testDatabaseKinds)("draft edits racing the send on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;
  const afterEnvelopeRead = new AfterTableRead();

  beforeAll(async () => {
    h = await createIdentityHarness(kind, {}, {}, [afterEnvelopeRead]);
    sender = await signUpMember(h, "racer", "Race team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** A draft ready to send: two recipients, each with a signature field. */
  async function readyDraft(): Promise<EnvelopeDetail> {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Race.pdf", data: await tinyPdf(1) }],
    });
    // The page previews, which the job queue renders after the upload.
    await h.t.jobs.runUntilIdle();
    const withRecipients = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [uniqueEmail("first"), uniqueEmail("second")].map((email, index) => ({
        email,
        firstname: "Signer",
        lastname: `Number ${index + 1}`,
      })),
    });
    return sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: withRecipients.recipients.map((recipient, index) => ({
        documentUuid: draft.documents[0]?.uuid ?? "",
        page: 0,
        x: 0.1,
        y: 0.5 + index * 0.2,
        width: 0.4,
        height: 0.1,
        kind: "signature" as const,
        recipientUuid: recipient.uuid,
      })),
    });
  }

  /**
   * Sends through the service itself (the racing call made the route's checks): its first step is
   * its transaction, so it queues for the connection at once.
   */
  let sendDirectly: (envelopeUuid: string) => Promise<void>;
  beforeAll(async () => {
    const member = await memberByEmail(h, sender.email);
    const deps = envelopeDepsOf(h);
    sendDirectly = (envelopeUuid) =>
      sendEnvelope(deps, member, envelopeUuid, { ip: null, userAgent: null });
  });

  /** Runs the send against the edit (see {@link ROUNDS}) and answers how each ended. */
  async function race(
    round: number,
    envelopeUuid: string,
    edit: () => Promise<unknown>,
  ): Promise<{ sent: Outcome; edited: Outcome }> {
    if (round % 2 === 0) {
      let sent: Promise<Outcome> = Promise.resolve({ ok: false, code: "NOT_STARTED" });
      afterEnvelopeRead.arm("envelope", async () => {
        sent = outcome(sendDirectly(envelopeUuid));
        // One turn of the event loop: the send is now queued for the connection, ahead of the edit.
        await new Promise((resolve) => setImmediate(resolve));
      });
      const edited = await outcome(edit());
      return { sent: await sent, edited };
    }
    const [sent, edited] = await Promise.all([
      outcome(sender.api.envelope.send({ envelopeUuid })),
      outcome(edit()),
    ]);
    return { sent, edited };
  }

  /** What the send saw, as it recorded it: the recipients of its envelopeSent event. */
  async function recipientsTheSendSaw(envelopeUuid: string): Promise<string[]> {
    const { events } = await sender.api.envelope.activity({ envelopeUuid });
    const sent = events.filter((event) => event.type === "envelopeSent");
    expect(sent).toHaveLength(1);
    return sent[0]?.recipients.map((recipient) => recipient.email) ?? [];
  }

  function expectExactlyOneWon(result: { sent: Outcome; edited: Outcome }, loserCode: string) {
    expect([result.sent.ok, result.edited.ok].filter(Boolean)).toHaveLength(1);
    const loser = result.sent.ok ? result.edited : result.sent;
    expect(loser).toEqual({ ok: false, code: loserCode });
  }

  it("an options update either lands before the send or is refused: a sent envelope keeps the options it was sent with", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const draft = await readyDraft();
      const result = await race(round, draft.uuid, () =>
        sender.api.envelope.update({
          envelopeUuid: draft.uuid,
          options: { signatureLevel: "AES" },
        }),
      );
      const after = await sender.api.envelope.get({ envelopeUuid: draft.uuid });
      if (result.sent.ok) {
        expect(result.edited).toEqual({ ok: false, code: "CONFLICT" });
        expect(after.status).toBe("signing");
        expect(after.options.signatureLevel).toBe("SES");
      } else {
        // The update came first: the send saw AES and refused it.
        expectExactlyOneWon(result, "VALIDATION_ERROR");
        expect(after.status).toBe("draft");
        expect(after.options.signatureLevel).toBe("AES");
      }
    }
  });

  it("saving recipients either lands before the send or is refused: a sent envelope keeps the recipients it was sent to", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const draft = await readyDraft();
      const sentTo = draft.recipients.map((recipient) => recipient.email);
      const result = await race(round, draft.uuid, () =>
        sender.api.envelope.saveRecipients({
          envelopeUuid: draft.uuid,
          recipients: [{ email: uniqueEmail("late"), firstname: "Late", lastname: "Comer" }],
        }),
      );
      const after = await sender.api.envelope.get({ envelopeUuid: draft.uuid });
      if (result.sent.ok) {
        expect(result.edited).toEqual({ ok: false, code: "CONFLICT" });
        expect(after.status).toBe("signing");
        expect(after.recipients.map((recipient) => recipient.email)).toEqual(sentTo);
        expect(await recipientsTheSendSaw(draft.uuid)).toEqual(sentTo);
        expect(after.fields).toHaveLength(2);
      } else {
        // The new recipient has no signature field: the send refused the draft.
        expectExactlyOneWon(result, "VALIDATION_ERROR");
        expect(after.status).toBe("draft");
      }
    }
  });

  it("saving fields either lands before the send or is refused: a sent envelope keeps the fields it was sent with", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const draft = await readyDraft();
      const result = await race(round, draft.uuid, () =>
        sender.api.envelope.saveFields({ envelopeUuid: draft.uuid, fields: [] }),
      );
      const after = await sender.api.envelope.get({ envelopeUuid: draft.uuid });
      if (result.sent.ok) {
        expect(result.edited).toEqual({ ok: false, code: "CONFLICT" });
        expect(after.status).toBe("signing");
        expect(after.fields.map((field) => field.uuid).sort()).toEqual(
          draft.fields.map((field) => field.uuid).sort(),
        );
      } else {
        expectExactlyOneWon(result, "VALIDATION_ERROR");
        expect(after.status).toBe("draft");
        expect(after.fields).toEqual([]);
      }
    }
  });

  it("a delete either removes the draft and its files or loses to the send and leaves every file", async () => {
    const db = h.database.connection.db;
    const blobExists = async (key: string) => {
      try {
        return (await stat(path.join(h.t.config.blobDir, ...key.split("/")) + ".blob")).isFile();
      } catch {
        return false;
      }
    };
    for (let round = 0; round < ROUNDS; round++) {
      const draft = await readyDraft();
      const documents = await db
        .selectFrom("envelopeDocument")
        .leftJoin("documentPreview", "documentPreview.documentId", "envelopeDocument.id")
        .select(["envelopeDocument.blobKey", "documentPreview.blobKey as previewKey"])
        .where("envelopeDocument.envelopeId", "=", draft.uuid)
        .execute();
      const keys = documents.flatMap((row) => [row.blobKey, row.previewKey ?? []].flat());
      expect(keys.length).toBeGreaterThanOrEqual(2);
      const result = await race(round, draft.uuid, () =>
        sender.api.envelope.delete({ envelopeUuid: draft.uuid }),
      );
      const row = await db
        .selectFrom("envelope")
        .select("status")
        .where("id", "=", draft.uuid)
        .executeTakeFirst();
      const present = await Promise.all(keys.map(blobExists));
      if (result.edited.ok) {
        // The delete came first: the send found nothing.
        expectExactlyOneWon(result, "NOT_FOUND");
        expect(row).toBeUndefined();
        expect(present.every((exists) => !exists)).toBe(true);
      } else {
        expectExactlyOneWon(result, "CONFLICT");
        expect(row?.status).toBe("signing");
        expect(present.every(Boolean)).toBe(true);
      }
    }
  });
});
