import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import { createLogger } from "../logger";
import {
  createTestDatabase,
  silentLogger,
  testDatabaseKinds,
  type TestDatabase,
} from "../test/databases";
import { RawQueryCounter } from "../test/races";
import { enqueueJob, type JobDefinition } from "./queue";
import {
  INTERRUPTED_ERROR,
  jobBackoffMs,
  jobHandler,
  JobWorker,
  UnrecoverableJobError,
  jobTimings,
} from "./job-worker";

const flakyJob: JobDefinition<z.ZodObject<{ key: z.ZodString }>> = {
  name: "test-flaky",
  payload: z.object({ key: z.string() }),
};

const longJob: JobDefinition<z.ZodObject<{ key: z.ZodString }>> = {
  name: "test-long",
  payload: z.object({ key: z.string() }),
};

const otherJob: JobDefinition<z.ZodObject<{ key: z.ZodString }>> = {
  name: "test-other",
  payload: z.object({ key: z.string() }),
};

describe("jobBackoffMs", () => {
  it("doubles the delay after each failure, up to the maximum", () => {
    expect([1, 2, 3, 4, 5].map((attempts) => jobBackoffMs(attempts, 100, 1000))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
  });
});

describe("jobTimings", () => {
  it("takes the api's job worker lease and first retry wait from JOB_LEASE_SECONDS and JOB_RETRY_SECONDS", () => {
    expect(jobTimings({ jobLeaseSeconds: 180, jobRetrySeconds: 5 })).toEqual({
      leaseMs: 180_000,
      backoffBaseMs: 5_000,
    });
    expect(jobTimings({ jobLeaseSeconds: 3, jobRetrySeconds: 1 })).toEqual({
      leaseMs: 3_000,
      backoffBaseMs: 1_000,
    });
  });
});

describe.each(testDatabaseKinds)("the job worker on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("retries a failing job with backoff, runs it once it succeeds, and keeps one open job per dedupe key", async () => {
    const { db } = database.connection;
    let calls = 0;
    const worker = new JobWorker({
      db,
      logger: silentLogger(),
      backoffBaseMs: 0,
      jobs: [
        jobHandler(flakyJob, async ({ key }) => {
          calls++;
          if (key === "flaky" && calls < 3) throw new Error(`attempt ${calls} failed`);
        }),
      ],
    });
    await db.transaction().execute(async (trx) => {
      await enqueueJob(trx, flakyJob, { key: "flaky" }, { dedupeKey: "test:flaky" });
      await enqueueJob(trx, flakyJob, { key: "flaky" }, { dedupeKey: "test:flaky" });
    });
    await expect(worker.runUntilIdle()).resolves.toEqual(["retry", "retry", "done"]);
    const jobs = await db
      .selectFrom("job")
      .selectAll()
      .where("dedupeKey", "=", "test:flaky")
      .execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: "done", attempts: 3, lastError: null });
  });

  it("marks a job failed after its last attempt, with the error", async () => {
    const { db } = database.connection;
    const worker = new JobWorker({
      db,
      logger: silentLogger(),
      backoffBaseMs: 0,
      maxAttempts: 2,
      jobs: [
        jobHandler(flakyJob, async () => {
          throw new Error("always broken");
        }),
      ],
    });
    await db
      .transaction()
      .execute((trx) => enqueueJob(trx, flakyJob, { key: "broken" }, { dedupeKey: "test:broken" }));
    await expect(worker.runUntilIdle()).resolves.toEqual(["retry", "failed"]);
    const job = await db
      .selectFrom("job")
      .selectAll()
      .where("dedupeKey", "=", "test:broken")
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "failed", attempts: 2 });
    expect(job.lastError).toMatch(/always broken/);
  });

  it("keeps a failing query's SQL text and parameter values out of the job's log and stored error", async () => {
    const { db } = database.connection;
    const lines: string[] = [];
    const worker = new JobWorker({
      db,
      logger: createLogger({ logLevel: "info" }, { write: (line) => void lines.push(line) }),
      backoffBaseMs: 0,
      maxAttempts: 2,
      jobs: [
        jobHandler(flakyJob, async () => {
          await sql`SELECT id FROM app_user WHERE id = ${"ada.private@example.com"}::uuid`.execute(
            db,
          );
        }),
      ],
    });
    await db
      .transaction()
      .execute((trx) => enqueueJob(trx, flakyJob, { key: "query" }, { dedupeKey: "test:query" }));
    await expect(worker.runUntilIdle()).resolves.toEqual(["retry", "failed"]);
    const job = await db
      .selectFrom("job")
      .selectAll()
      .where("dedupeKey", "=", "test:query")
      .executeTakeFirstOrThrow();
    expect(job.lastError).toMatch(/invalid input syntax for type uuid/);
    const logged = lines.join("\n");
    expect(logged).toContain('"code":"22P02"');
    for (const text of [job.lastError ?? "", logged]) {
      expect(text).not.toContain("ada.private@example.com");
      expect(text).not.toContain("SELECT id");
    }
  });

  it("gives up a job interrupted on its last attempt, by the sweep or a takeover, without running it, and calls its onGiveUp", async () => {
    const { db } = database.connection;
    let runs = 0;
    const givenUp: string[] = [];
    const worker = new JobWorker({
      db,
      logger: silentLogger(),
      maxAttempts: 3,
      jobs: [
        jobHandler(flakyJob, async () => void runs++, {
          onGiveUp: async ({ key }, lastError) => void givenUp.push(`${key}: ${lastError}`),
        }),
      ],
    });
    await db.transaction().execute(async (trx) => {
      await enqueueJob(trx, flakyJob, { key: "frozen" }, { dedupeKey: "test:frozen" });
      await enqueueJob(trx, flakyJob, { key: "killed" }, { dedupeKey: "test:killed" });
    });
    // Both froze or killed the process on their third (last) attempt; the lease has run out.
    await db
      .updateTable("job")
      .set({ status: "running", attempts: 3, lockedUntil: new Date(Date.now() - 1000) })
      .where("dedupeKey", "in", ["test:frozen", "test:killed"])
      .execute();
    await expect(worker.processNext()).resolves.toBe("failed");
    await expect(worker.sweep()).resolves.toBe(0);
    await expect(worker.runUntilIdle()).resolves.toEqual([]);
    expect(runs).toBe(0);
    expect(givenUp.sort()).toEqual([
      `frozen: ${INTERRUPTED_ERROR}`,
      `killed: ${INTERRUPTED_ERROR}`,
    ]);
    const jobs = await db
      .selectFrom("job")
      .selectAll()
      .where("dedupeKey", "in", ["test:frozen", "test:killed"])
      .execute();
    expect(jobs.map((job) => job.status)).toEqual(["failed", "failed"]);
  });

  it("leaves a job whose lease has not run out to its worker, and takes it over once it has", async () => {
    const { db } = database.connection;
    let runs = 0;
    const worker = new JobWorker({
      db,
      logger: silentLogger(),
      jobs: [jobHandler(flakyJob, async () => void runs++)],
    });
    await db
      .transaction()
      .execute((trx) => enqueueJob(trx, flakyJob, { key: "leased" }, { dedupeKey: "test:leased" }));
    await db
      .updateTable("job")
      .set({ status: "running", lockedUntil: new Date(Date.now() + 60_000) })
      .where("dedupeKey", "=", "test:leased")
      .execute();
    await expect(worker.sweep()).resolves.toBe(0);
    await expect(worker.runUntilIdle()).resolves.toEqual([]);
    await db
      .updateTable("job")
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where("dedupeKey", "=", "test:leased")
      .execute();
    await expect(worker.sweep()).resolves.toBe(1);
    await expect(worker.runUntilIdle()).resolves.toEqual(["done"]);
    expect(runs).toBe(1);
  });

  it("renews the lease of a job that runs longer than it, so another worker's sweep or claim does not take it over", async () => {
    const { db } = database.connection;
    const naps: { ms: number; end: () => void }[] = [];
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started = (): void => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    let runs = 0;
    const worker = new JobWorker({
      db,
      logger: silentLogger(),
      leaseMs: 60_000,
      // The test's clock: each wait lasts until the test ends it.
      sleep: (ms) => new Promise((resolve) => void naps.push({ ms, end: resolve })),
      jobs: [
        jobHandler(longJob, async () => {
          runs++;
          started();
          await released;
        }),
      ],
    });
    const other = new JobWorker({
      db,
      logger: silentLogger(),
      jobs: [jobHandler(longJob, async () => void runs++)],
    });
    await db
      .transaction()
      .execute((trx) => enqueueJob(trx, longJob, { key: "long" }, { dedupeKey: "test:renewed" }));
    const outcome = worker.processNext();
    await running;
    await expect.poll(() => naps.length).toBe(1);
    expect(naps[0]?.ms).toBe(20_000);
    // The lease as if the job had run for longer than it, then a third of it passes.
    await db
      .updateTable("job")
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where("dedupeKey", "=", "test:renewed")
      .execute();
    naps[0]?.end();
    await expect.poll(() => naps.length).toBe(2);
    const renewed = await db
      .selectFrom("job")
      .select("lockedUntil")
      .where("dedupeKey", "=", "test:renewed")
      .executeTakeFirstOrThrow();
    expect(renewed.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    await expect(other.sweep()).resolves.toBe(0);
    await expect(other.runUntilIdle()).resolves.toEqual([]);
    release();
    await expect(outcome).resolves.toBe("done");
    expect(runs).toBe(1);
    await expect(
      db
        .selectFrom("job")
        .select(["status", "attempts"])
        .where("dedupeKey", "=", "test:renewed")
        .executeTakeFirstOrThrow(),
    ).resolves.toEqual({ status: "done", attempts: 1 });
  });

  it("gives up at once, without further attempts, when the handler says retrying cannot help", async () => {
    const { db } = database.connection;
    const givenUp: string[] = [];
    const worker = new JobWorker({
      db,
      logger: silentLogger(),
      backoffBaseMs: 0,
      maxAttempts: 5,
      jobs: [
        jobHandler(
          flakyJob,
          async () => {
            throw new UnrecoverableJobError("the input can never be processed");
          },
          { onGiveUp: async ({ key }, lastError) => void givenUp.push(`${key}: ${lastError}`) },
        ),
      ],
    });
    await db
      .transaction()
      .execute((trx) =>
        enqueueJob(trx, flakyJob, { key: "hopeless" }, { dedupeKey: "test:hopeless" }),
      );
    await expect(worker.runUntilIdle()).resolves.toEqual(["failed"]);
    const job = await db
      .selectFrom("job")
      .selectAll()
      .where("dedupeKey", "=", "test:hopeless")
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "the input can never be processed",
    });
    expect(givenUp).toEqual(["hopeless: the input can never be processed"]);
  });

  it("claims and sweeps only the kinds of job it has handlers for, leaving the others to their workers", async () => {
    const { db } = database.connection;
    const ran: string[] = [];
    const flakyOnly = new JobWorker({
      db,
      logger: silentLogger(),
      jobs: [jobHandler(flakyJob, async ({ key }) => void ran.push(`flaky ${key}`))],
    });
    const otherOnly = new JobWorker({
      db,
      logger: silentLogger(),
      jobs: [jobHandler(otherJob, async ({ key }) => void ran.push(`other ${key}`))],
    });
    await db.transaction().execute(async (trx) => {
      await enqueueJob(trx, otherJob, { key: "waiting" }, { dedupeKey: "test:other-waiting" });
      await enqueueJob(trx, otherJob, { key: "interrupted" }, { dedupeKey: "test:other-lost" });
    });
    await db
      .updateTable("job")
      .set({ status: "running", attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where("dedupeKey", "=", "test:other-lost")
      .execute();

    await expect(flakyOnly.sweep()).resolves.toBe(0);
    await expect(flakyOnly.runUntilIdle()).resolves.toEqual([]);
    const untouched = await db
      .selectFrom("job")
      .select(["dedupeKey", "status", "attempts"])
      .where("name", "=", otherJob.name)
      .orderBy("dedupeKey")
      .execute();
    expect(untouched).toEqual([
      { dedupeKey: "test:other-lost", status: "running", attempts: 1 },
      { dedupeKey: "test:other-waiting", status: "pending", attempts: 0 },
    ]);

    await expect(otherOnly.sweep()).resolves.toBe(1);
    await expect(otherOnly.runUntilIdle()).resolves.toEqual(["done", "done"]);
    expect(ran.sort()).toEqual(["other interrupted", "other waiting"]);
  });

  it("runs jobs side by side up to its concurrency, so a short job does not wait behind a long one", async () => {
    const { db } = database.connection;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let longStarted = false;
    let shortDone = false;
    const worker = new JobWorker({
      db,
      logger: silentLogger(),
      concurrency: 2,
      jobs: [
        jobHandler(flakyJob, async ({ key }) => {
          if (key === "long") {
            longStarted = true;
            await gate;
          } else {
            shortDone = true;
          }
        }),
      ],
    });
    await db
      .transaction()
      .execute((trx) => enqueueJob(trx, flakyJob, { key: "long" }, { dedupeKey: "test:long" }));
    await db
      .transaction()
      .execute((trx) => enqueueJob(trx, flakyJob, { key: "short" }, { dedupeKey: "test:short" }));
    await worker.start();
    try {
      await expect.poll(() => longStarted, { timeout: 10_000 }).toBe(true);
      await expect.poll(() => shortDone, { timeout: 10_000 }).toBe(true);
    } finally {
      release();
      await worker.stop();
    }
    const jobs = await db
      .selectFrom("job")
      .select(["dedupeKey", "status"])
      .where("dedupeKey", "in", ["test:long", "test:short"])
      .orderBy("dedupeKey")
      .execute();
    expect(jobs).toEqual([
      { dedupeKey: "test:long", status: "done" },
      { dedupeKey: "test:short", status: "done" },
    ]);
  });

  it("an idle worker reads the job table once per poll interval, not once per job it could run", async () => {
    // The worker's claim is its one raw `UPDATE job`: each is one read of the job table.
    const claims = new RawQueryCounter("UPDATE job");
    const naps: { ms: number; end: () => void }[] = [];
    const worker = new JobWorker({
      db: database.connection.db.withPlugin(claims),
      logger: silentLogger(),
      concurrency: 4,
      pollIntervalMs: 2000,
      // The test's clock: each wait lasts until the test ends it.
      sleep: (ms) => new Promise((resolve) => void naps.push({ ms, end: resolve })),
      jobs: [jobHandler(otherJob, async () => undefined)],
    });
    await worker.start();
    try {
      await expect.poll(() => naps.length).toBe(1);
      expect(claims.count).toBe(1);
      expect(naps[0]?.ms).toBe(2000);
      naps[0]?.end();
      await expect.poll(() => naps.length).toBe(2);
      expect(claims.count).toBe(2);
    } finally {
      await worker.stop();
    }
    expect(claims.count).toBe(2);
  });
});
