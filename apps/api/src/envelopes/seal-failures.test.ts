import { randomBytes } from "node:crypto";
import { rename } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalEncryptedBlobStore } from "../blob/local-encrypted-blob-store";
import { closeDocumentWorkers } from "../documents/worker-pool";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { jobHandlers } from "../background-jobs";
import { INTERRUPTED_ERROR, JobWorker } from "../jobs/job-worker";
import { createTestApp } from "../test/app";
import { testDatabaseKinds } from "../test/databases";
import { blobKeys } from "./file-keys";
import {
  failure,
  linkFromMail,
  readEveryPage,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
  type TeamMember,
} from "../test/envelopes";

afterAll(() => closeDocumentWorkers());

describe.each(testDatabaseKinds)("a seal job that keeps failing on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;
  let outsider: TeamMember;
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    h = await createIdentityHarness(kind, { masterKey });
    sender = await signUpMember(h, "sender", "Sealing team");
    outsider = await signUpMember(h, "outsider", "Other team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** A sent envelope its one signer has signed: its seal job is enqueued. */
  async function signedEnvelope() {
    const signerEmail = uniqueEmail("signer");
    const envelope = await sentEnvelope(sender, [signerEmail]);
    // The page previews, which the job queue renders after the upload.
    await h.t.jobs.runUntilIdle();
    const signer = signingClient(h);
    const link = await linkFromMail(h, signerEmail, envelope.uuid);
    await readEveryPage(signer, link);
    await sign(signer, link);
    return envelope;
  }

  /** The job worker of the test app, with retries at once (no backoff). */
  function jobWorker(): JobWorker {
    const t = h.t;
    return new JobWorker({
      db: h.database.connection.db,
      logger: t.logger,
      backoffBaseMs: 0,
      jobs: jobHandlers({
        db: h.database.connection.db,
        config: t.config,
        logger: t.logger,
        blobStore: new LocalEncryptedBlobStore({ directory: t.config.blobDir, masterKey }),
        linkKey: t.linkKey,
        mailKey: t.mailKey,
        activityKey: t.activityKey,
        now: t.tunnel.now,
      }),
    });
  }

  function sealJob(envelopeUuid: string) {
    return h.database.connection.db
      .selectFrom("job")
      .selectAll()
      .where("dedupeKey", "=", `seal-envelope:${envelopeUuid}`)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
  }

  it("stops after 5 attempts, marks the envelope, is not resumed by a restart, and runs again on retry-seal", async () => {
    const envelope = await signedEnvelope();
    // The original PDF goes missing: every attempt fails.
    const original = path.join(
      h.t.config.blobDir,
      ...blobKeys.original(envelope.uuid, envelope.documents[0]?.uuid ?? "").split("/"),
    );
    await rename(`${original}.blob`, `${original}.away`);

    await expect(jobWorker().runUntilIdle()).resolves.toEqual([
      "retry",
      "retry",
      "retry",
      "retry",
      "failed",
    ]);
    expect(await sealJob(envelope.uuid)).toMatchObject({ status: "failed", attempts: 5 });
    const failed = await sender.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(failed.status).toBe("signing");
    expect(failed.sealingFailedAt).not.toBeNull();

    // A restart: a new app on the same database sweeps, and leaves the poisoned job alone.
    const restarted = await createTestApp(
      h.database.connection.db,
      { DATA_DIR: h.t.config.dataDir },
      { masterKey },
    );
    try {
      await expect(restarted.jobs.sweep()).resolves.toBe(0);
      // Only the passes that every start schedules run: envelope deadlines, the orphan-file sweep,
      // the webhook delivery prune and the retention pass.
      await expect(restarted.jobs.runUntilIdle()).resolves.toEqual([
        "done",
        "done",
        "done",
        "done",
      ]);
    } finally {
      await restarted.destroy();
    }
    expect(await sealJob(envelope.uuid)).toMatchObject({ status: "failed", attempts: 5 });

    // Someone outside the team cannot retry it; the sender can, once the cause is fixed.
    const hidden = await failure(outsider.api.envelope.retrySeal({ envelopeUuid: envelope.uuid }));
    expect(hidden.code).toBe("NOT_FOUND");
    await rename(`${original}.away`, `${original}.blob`);
    const retried = await sender.api.envelope.retrySeal({ envelopeUuid: envelope.uuid });
    expect(retried).toMatchObject({ status: "signing", sealingFailedAt: null });
    // The recurring passes the restart scheduled (deadlines, orphan files) may come due meanwhile
    // on a slow run: every job that runs succeeds, the seal among them.
    const outcomes = await jobWorker().runUntilIdle();
    expect(outcomes).toContain("done");
    expect(outcomes.filter((outcome) => outcome !== "done")).toEqual([]);
    expect(await sealJob(envelope.uuid)).toMatchObject({ status: "done" });
    const complete = await sender.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(complete).toMatchObject({ status: "complete", sealingFailedAt: null });

    const again = await failure(sender.api.envelope.retrySeal({ envelopeUuid: envelope.uuid }));
    expect(again.code).toBe("CONFLICT");
  }, 120_000);

  it("gives up a seal job interrupted on its last attempt instead of resuming it at start", async () => {
    const envelope = await signedEnvelope();
    const db = h.database.connection.db;
    // The api froze or was killed during the fifth attempt: running, lease run out.
    await db
      .updateTable("job")
      .set({ status: "running", attempts: 5, lockedUntil: new Date(Date.now() - 1000) })
      .where("dedupeKey", "=", `seal-envelope:${envelope.uuid}`)
      .execute();

    const restarted = await createTestApp(db, { DATA_DIR: h.t.config.dataDir }, { masterKey });
    try {
      await expect(restarted.jobs.sweep()).resolves.toBe(0);
      await restarted.jobs.runUntilIdle();
    } finally {
      await restarted.destroy();
    }
    expect(await sealJob(envelope.uuid)).toMatchObject({
      status: "failed",
      attempts: 5,
      lastError: INTERRUPTED_ERROR,
    });
    const failed = await sender.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(failed).toMatchObject({ status: "signing" });
    expect(failed.sealingFailedAt).not.toBeNull();
  }, 120_000);
});
