import { DATA_EXPORT_PER_DAY } from "@paraphe/api-sdk/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobWorker } from "../jobs/job-worker";
import { testDatabaseKinds } from "../test/databases";
import { failure, sentEnvelope, signUpMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { buildDataExport, dataExportBlobKey } from "./build-data-export";
import { deleteExpiredExports } from "./data-export";
import { buildDataExportJob } from "./job-definitions";
import { erasureJobs } from "./jobs";

const DAY_MS = 24 * 60 * 60_000;

describe.each(testDatabaseKinds)("a person's data export on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  const db = () => h.database.connection.db;
  const build = (exportId: string) =>
    buildDataExport(
      { db: db(), blobStore: h.t.blobStore, logger: h.t.logger, now: () => h.now() },
      exportId,
    );

  it("is prepared by a job: profile, sessions without secrets, the envelopes sent and signed, and their PDFs; the owner alone downloads it until it expires", async () => {
    const sender = await signUpMember(h, "exporter", "Export team");
    const other = await signUpMember(h, "outsider", "Outside team");
    const envelope = await sentEnvelope(sender, [other.email], { title: "Lease to export" });
    // The sender also signs for another team: listed as an envelope they signed.
    const asked = await sentEnvelope(other, [sender.email], { title: "Asked of the exporter" });

    expect((await sender.api.user.dataExport({})).export).toBeNull();
    const { export: requested } = await sender.api.user.requestDataExport({});
    expect(requested).toMatchObject({ status: "pending", files: [], readyAt: null });
    // Asking again while it is prepared answers the same export; one job prepares it.
    expect((await sender.api.user.requestDataExport({})).export?.uuid).toBe(requested?.uuid);
    const jobs = await db()
      .selectFrom("job")
      .select("payload")
      .where("name", "=", buildDataExportJob.name)
      .execute();
    expect(jobs).toEqual([{ payload: { exportId: requested?.uuid } }]);

    const exportUuid = requested?.uuid ?? "";
    await build(exportUuid);
    const { export: ready } = await sender.api.user.dataExport({});
    expect(ready?.status).toBe("ready");
    expect(Date.parse(ready?.expiresAt ?? "")).toBe(Date.parse(ready?.readyAt ?? "") + 7 * DAY_MS);
    expect(ready?.files).toEqual([
      { index: 0, filename: expect.stringMatching(/\.pdf$/), envelopeTitle: "Lease to export" },
    ]);

    const file = await sender.api.user.downloadDataExport({ exportUuid });
    expect(file.contentType).toBe("application/json");
    const text = Buffer.from(file.data, "base64").toString("utf8");
    const data = JSON.parse(text) as {
      profile: { email: string };
      sessions: Record<string, unknown>[];
      membership: { team: string; role: string };
      envelopesSent: { uuid: string; recipients: { email: string }[] }[];
      envelopesSigned: { uuid: string; team: string }[];
    };
    expect(data.profile.email).toBe(sender.email);
    expect(data.membership).toMatchObject({ team: "Export team", role: "Owner" });
    expect(data.envelopesSent.map((e) => e.uuid)).toEqual([envelope.uuid]);
    expect(data.envelopesSent[0]?.recipients.map((r) => r.email)).toEqual([other.email]);
    expect(data.envelopesSigned).toEqual([
      expect.objectContaining({ uuid: asked.uuid, team: "Outside team" }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    // No secrets: neither session access keys nor passkeys' keys.
    const accessKeys = await db().selectFrom("userSession").select("accessKey").execute();
    for (const { accessKey } of accessKeys) expect(text).not.toContain(accessKey);
    expect(text).not.toContain("accessKey");
    expect(text).not.toContain("publicKey");

    const pdf = await sender.api.user.downloadDataExport({ exportUuid, file: 0 });
    expect(Buffer.from(pdf.data, "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await failure(sender.api.user.downloadDataExport({ exportUuid, file: 1 }))).code).toBe(
      "NOT_FOUND",
    );
    // Another person cannot download it, even knowing its id.
    expect((await failure(other.api.user.downloadDataExport({ exportUuid }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await other.api.user.dataExport({})).export).toBeNull();

    // It expires: gone from the status and the downloads, then deleted with its file.
    // (Its expiry moved to the past: the clock cannot run 7 days without ending the sessions.)
    await db()
      .updateTable("dataExport")
      .set({ expiresAt: new Date(h.now() - 1000) })
      .where("id", "=", exportUuid)
      .execute();
    expect((await sender.api.user.dataExport({})).export).toBeNull();
    expect((await failure(sender.api.user.downloadDataExport({ exportUuid }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      await deleteExpiredExports({ db: db(), blobStore: h.t.blobStore }, new Date(h.now())),
    ).toBeGreaterThanOrEqual(1);
    expect(await h.t.blobStore.exists(dataExportBlobKey(exportUuid))).toBe(false);
    // Many calls and files on PGlite; the machine may be busy.
  }, 120_000);

  it(`is asked for at most ${DATA_EXPORT_PER_DAY} times in 24 hours, and goes with the account`, async () => {
    const person = await signUpMember(h, "frequent", "Frequent team");
    const keys: string[] = [];
    for (let i = 0; i < DATA_EXPORT_PER_DAY; i++) {
      const { export: asked } = await person.api.user.requestDataExport({});
      await build(asked?.uuid ?? "");
      keys.push(dataExportBlobKey(asked?.uuid ?? ""));
    }
    const limited = await failure(person.api.user.requestDataExport({}));
    expect(limited.code).toBe("RATE_LIMITED");
    for (const key of keys) expect(await h.t.blobStore.exists(key)).toBe(true);

    await person.api.user.deleteAccount({ confirmEmail: person.email });
    for (const key of keys) expect(await h.t.blobStore.exists(key)).toBe(false);
  });

  it("is written in a document worker within a size limit: an export over it fails at once, with the reason its job records", async () => {
    const person = await signUpMember(h, "oversized", "Oversized team");
    await sentEnvelope(person, [uniqueEmail("oversized-signer")], { title: "Too much to export" });
    const { export: asked } = await person.api.user.requestDataExport({});
    const exportUuid = asked?.uuid ?? "";
    // The erasure jobs with a 1 KB limit: this person's export (a profile, sessions, an
    // envelope) takes more.
    const worker = new JobWorker({
      db: db(),
      logger: h.t.logger,
      backoffBaseMs: 0,
      jobs: erasureJobs({
        db: db(),
        blobStore: h.t.blobStore,
        logger: h.t.logger,
        now: () => h.now(),
        maxFileBytes: 1024,
      }),
    });
    await worker.runUntilIdle();
    const job = await db()
      .selectFrom("job")
      .select(["status", "attempts", "lastError"])
      .where("name", "=", buildDataExportJob.name)
      .where(sql<boolean>`payload->>'exportId' = ${exportUuid}`)
      .executeTakeFirstOrThrow();
    // Given up at the first attempt: a larger file is no better on another try.
    expect(job).toEqual({
      status: "failed",
      attempts: 1,
      lastError: "The data export's file is larger than its limit of 1024 bytes.",
    });
    expect((await person.api.user.dataExport({})).export?.status).toBe("failed");
    expect(await h.t.blobStore.exists(dataExportBlobKey(exportUuid))).toBe(false);
  });
});
