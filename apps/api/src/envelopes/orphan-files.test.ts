import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORPHAN_GRACE_MS } from "../blob/orphan-sweep";
import { testDatabaseKinds } from "../test/databases";
import { sweepOrphanEnvelopeFiles } from "./file-references";
import { blobKeys } from "./file-keys";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { sentEnvelope, signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";

describe.each(testDatabaseKinds)("envelope files that no row references on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "files", "Files team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  const sweep = () =>
    sweepOrphanEnvelopeFiles({
      db: h.database.connection.db,
      blobStore: h.t.blobStore,
      logger: h.t.logger,
      now: h.now,
    });

  /** Every file an envelope's rows name. */
  async function filesOf(envelopeUuid: string): Promise<string[]> {
    const db = h.database.connection.db;
    const documents = await db
      .selectFrom("envelopeDocument")
      .leftJoin("documentPreview", "documentPreview.documentId", "envelopeDocument.id")
      .select(["envelopeDocument.blobKey", "documentPreview.blobKey as previewKey"])
      .where("envelopeDocument.envelopeId", "=", envelopeUuid)
      .execute();
    return [...new Set(documents.flatMap((row) => [row.blobKey, row.previewKey ?? []].flat()))];
  }

  /**
   * What an upload that dies between writing its file and committing leaves: the file is written,
   * then the transaction that would reference it rolls back.
   */
  async function fileOfRolledBackUpload(): Promise<string> {
    const envelopeId = randomUUID();
    const documentId = randomUUID();
    const key = blobKeys.original(envelopeId, documentId);
    const bytes = Buffer.from(await tinyPdf(1), "base64");
    await h.t.blobStore.put(key, bytes, { contentType: "application/pdf" });
    const rollback = new Error("the upload died before committing");
    await expect(
      h.database.connection.db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom("appUser")
          .select("id")
          .where("email", "=", sender.email)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("envelope")
          .values({
            id: envelopeId,
            teamId: sender.teamUuid,
            workspaceId: sender.defaultWorkspaceUuid,
            ownerUserId: user.id,
            title: "Never committed",
          })
          .execute();
        await trx
          .insertInto("envelopeDocument")
          .values({
            id: documentId,
            envelopeId,
            position: 0,
            filename: "never.pdf",
            pageCount: 1,
            pages: JSON.stringify([{ width: 300, height: 400 }]),
            sha256: "0".repeat(64),
            blobKey: key,
          })
          .execute();
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await h.t.blobStore.exists(key)).toBe(true);
    return key;
  }

  it("removes a file left by a rolled-back change once the grace period is over, and never a file a row references", async () => {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Kept.pdf", data: await tinyPdf(2) }],
    });
    const sent = await sentEnvelope(sender, [uniqueEmail("signer")]);
    // The page previews, which the job queue renders after the upload.
    await h.t.jobs.runUntilIdle();
    const kept = [...(await filesOf(draft.uuid)), ...(await filesOf(sent.uuid))];
    expect(kept.length).toBeGreaterThanOrEqual(4);
    const orphan = await fileOfRolledBackUpload();

    // Within the grace period the file may still belong to a change in progress: it stays.
    await sweep();
    expect(await h.t.blobStore.exists(orphan)).toBe(true);

    h.advance(ORPHAN_GRACE_MS + 60_000);
    expect(await sweep()).toBe(1);
    expect(await h.t.blobStore.exists(orphan)).toBe(false);
    for (const key of kept) expect(await h.t.blobStore.exists(key)).toBe(true);
    expect(await sweep()).toBe(0);
  });

  it("runs as a job: the start-up sweep of the job worker schedules it", async () => {
    const orphan = await fileOfRolledBackUpload();
    h.advance(ORPHAN_GRACE_MS + 60_000);
    await h.t.jobs.sweep();
    await h.t.jobs.runUntilIdle();
    expect(await h.t.blobStore.exists(orphan)).toBe(false);
  });
});
