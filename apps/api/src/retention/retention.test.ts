import { randomUUID } from "node:crypto";
import { RETENTION_DELETED_REASON } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  linkFromMail,
  readEveryPage,
  sentEnvelope,
  signaturePng,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { runRetentionPass } from "./retention-pass";

const DAY_MS = 24 * 60 * 60_000;

describe.each(testDatabaseKinds)("the teams' retention policies on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "retention", "Retention team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** A run of the daily pass `days` days from now. */
  const pass = (days: number, limit?: number) =>
    runRetentionPass(
      {
        db: h.database.connection.db,
        blobStore: h.t.blobStore,
        logger: h.t.logger,
        now: () => h.now() + days * DAY_MS,
      },
      limit,
    );

  /** A sent envelope of `sender`, canceled at once: it ended now. */
  async function endedEnvelope(sender: TeamMember): Promise<string> {
    const envelope = await sentEnvelope(sender, [uniqueEmail("signer")]);
    await sender.api.envelope.cancel({ envelopeUuid: envelope.uuid, reason: "Not needed" });
    return envelope.uuid;
  }

  async function filesUnder(envelopeUuid: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const listing of h.t.blobStore.list(`envelopes/${envelopeUuid}/`)) {
      keys.push(listing.key);
    }
    return keys;
  }

  async function retentionEvents(teamId: string) {
    return h.database.connection.db
      .selectFrom("usageEvent")
      .select(["type", "details", "userId"])
      .where("teamId", "=", teamId)
      .where("type", "=", "retention_deleted")
      .execute();
  }

  it("is off by default, set by the Owner within 30..3650 days, and turned off again", async () => {
    expect((await owner.api.retention.get({})).policy).toEqual({ days: null, scope: "documents" });
    const tooShort = await failure(owner.api.retention.save({ days: 10, scope: "documents" }));
    expect(tooShort.code).toBe("VALIDATION_ERROR");
    const tooLong = await failure(owner.api.retention.save({ days: 3651, scope: "documents" }));
    expect(tooLong.code).toBe("VALIDATION_ERROR");
    await owner.api.retention.save({ days: 90, scope: "everything" });
    expect((await owner.api.retention.get({})).policy).toEqual({ days: 90, scope: "everything" });
    await owner.api.retention.save({ days: null, scope: "everything" });
    expect((await owner.api.retention.get({})).policy.days).toBeNull();
  });

  it("deletes the documents of ended envelopes once due, keeping the proof and the activity", async () => {
    const envelopeUuid = await endedEnvelope(owner);
    const open = await sentEnvelope(owner, [uniqueEmail("signer")]);
    await owner.api.retention.save({ days: 30, scope: "documents" });

    const detail = await owner.api.envelope.get({ envelopeUuid });
    const canceledAt = Date.parse(detail.canceledAt ?? "");
    expect(Date.parse(detail.documentsDeleteAt ?? "")).toBe(canceledAt + 30 * DAY_MS);
    expect(detail.documentsDeletedAt).toBeNull();
    expect(
      (await owner.api.envelope.get({ envelopeUuid: open.uuid })).documentsDeleteAt,
    ).toBeNull();

    // Not yet due: nothing goes.
    expect((await pass(29)).deleted).toBe(0);
    const before = await filesUnder(envelopeUuid);
    expect(before.some((key) => key.endsWith("original.pdf"))).toBe(true);

    const { deleted } = await pass(31);
    expect(deleted).toBeGreaterThanOrEqual(1);
    const after = await filesUnder(envelopeUuid);
    expect(after.filter((key) => key.includes("/documents/"))).toEqual([]);
    // The envelope that is still being signed keeps its files.
    expect((await filesUnder(open.uuid)).length).toBeGreaterThan(0);

    const deletedView = await owner.api.envelope.get({ envelopeUuid });
    expect(deletedView.documentsDeletedAt).not.toBeNull();
    expect(deletedView.documentsDeleteAt).toBeNull();
    expect(deletedView.recipients).toHaveLength(1);
    const activity = await owner.api.envelope.activity({ envelopeUuid });
    expect(JSON.stringify(activity)).toContain("envelopeCanceled");

    const download = await failure(owner.api.envelope.download({ envelopeUuid, kind: "original" }));
    expect(download.code).toBe("CONFLICT");
    expect(download.details?.[0]?.message).toBe(RETENTION_DELETED_REASON);
    const documentUuid = detail.documents[0]?.uuid ?? "";
    const preview = await failure(
      owner.api.envelope.pagePreview({ envelopeUuid, documentUuid, page: 0 }),
    );
    expect(preview.details?.[0]?.message).toBe(RETENTION_DELETED_REASON);

    const events = await retentionEvents(owner.teamUuid);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "retention_deleted",
        userId: null,
        details: expect.objectContaining({ envelopeId: envelopeUuid, scope: "documents" }),
      }),
    );
    // Done once: a second run finds nothing more of it.
    const again = await pass(31);
    expect(again.deleted).toBe(0);
    expect(await retentionEvents(owner.teamUuid)).toHaveLength(events.length);
    await owner.api.retention.save({ days: null, scope: "documents" });
  });

  it("deletes the files a signer attached with the documents, and refuses their download after", async () => {
    const draft = await owner.api.envelope.upload({
      files: [{ filename: "Lease.pdf", data: await tinyPdf(1) }],
    });
    const email = uniqueEmail("attaching");
    const saved = await owner.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email, firstname: "Ana", lastname: "Lopes" }],
    });
    const recipientUuid = saved.recipients[0]?.uuid ?? "";
    const documentUuid = draft.documents[0]?.uuid ?? "";
    const fieldUuid = randomUUID();
    const place = { documentUuid, page: 0, x: 0.1, width: 0.4, height: 0.1, recipientUuid };
    await owner.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: [
        { ...place, y: 0.1, uuid: randomUUID(), kind: "signature" },
        { ...place, y: 0.3, uuid: fieldUuid, kind: "attachment", required: true },
      ],
    });
    const sent = await owner.api.envelope.send({ envelopeUuid: draft.uuid });
    await h.t.jobs.runUntilIdle();
    const signer = signingClient(h);
    const link = await linkFromMail(h, email, sent.uuid);
    await readEveryPage(signer, link);
    const attached = await signer.envelope.uploadAttachment({
      ...link,
      fieldUuid,
      filename: "passport.png",
      data: await signaturePng(),
    });
    await signer.envelope.sign({
      ...link,
      signature: { kind: "drawn", image: await signaturePng() },
      values: {},
    });
    await h.t.jobs.runUntilIdle();
    const attachmentUuid = attached.attachments[0]?.uuid ?? "";
    expect(
      (await filesUnder(sent.uuid)).some((key) => key.includes(`/attachments/${attachmentUuid}`)),
    ).toBe(true);

    await owner.api.retention.save({ days: 30, scope: "documents" });
    try {
      await pass(31);
      const left = await filesUnder(sent.uuid);
      expect(left.filter((key) => key.includes("/attachments/"))).toEqual([]);
      const refused = await failure(
        owner.api.envelope.downloadAttachment({ envelopeUuid: sent.uuid, attachmentUuid }),
      );
      expect(refused.code).toBe("CONFLICT");
      expect(refused.details?.[0]?.message).toBe(RETENTION_DELETED_REASON);
    } finally {
      await owner.api.retention.save({ days: null, scope: "documents" });
    }
  });

  it("deletes whole envelopes with 'everything', in bounded batches", async () => {
    const team = await signUpMember(h, "everything", "Everything team");
    const first = await endedEnvelope(team);
    const second = await endedEnvelope(team);
    await team.api.retention.save({ days: 30, scope: "everything" });

    const batch = await pass(31, 1);
    expect(batch).toEqual({ deleted: 1, more: true });
    const rest = await pass(31);
    expect(rest.deleted).toBe(1);

    const db = h.database.connection.db;
    for (const envelopeUuid of [first, second]) {
      expect(
        await db.selectFrom("envelope").select("id").where("id", "=", envelopeUuid).execute(),
      ).toEqual([]);
      expect(await filesUnder(envelopeUuid)).toEqual([]);
      const gone = await failure(team.api.envelope.get({ envelopeUuid }));
      expect(gone.code).toBe("NOT_FOUND");
    }
    expect(await retentionEvents(team.teamUuid)).toHaveLength(2);
  });
});
