import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { JobRow } from "../db/database";
import { JobWorker } from "../jobs/job-worker";
import { createLogger } from "../logger";
import { openMailBody } from "../mail/body-sealing";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../test/databases";
import { startSmsProviderServer, type TestSmsProviderServer } from "../test/sms-provider-server";
import { createDevMailboxSmsProvider, DEV_SMS_SUBJECT } from "./dev-mailbox-provider";
import { sendSmsHandler, SMS_BODY_DOES_NOT_OPEN } from "./delivery";
import { createHttpSmsProvider } from "./http-provider";
import { sendSmsJob } from "./job-definitions";
import { enqueueSms } from "./outbox";
import type { SmsProvider } from "./provider";

const MAIL_KEY = randomBytes(32);
const CODE = "739105";
const TEXT = `Paraphe: ${CODE} is your code to sign “Lease” for Ada. It expires in 10 minutes.`;

describe.each(testDatabaseKinds)("SMS delivered by the job worker on %s", (kind) => {
  let database: TestDatabase;
  let server: TestSmsProviderServer;
  let lines: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startSmsProviderServer();
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    const { db } = database.connection;
    await db.deleteFrom("job").where("name", "=", sendSmsJob.name).execute();
    await db.deleteFrom("smsOutbox").execute();
    await db.deleteFrom("devMailbox").execute();
    server.received.length = 0;
    lines = [];
  });

  function httpProvider(authToken = server.authToken): SmsProvider {
    return createHttpSmsProvider({
      baseUrl: server.url,
      accountSid: server.accountSid,
      authToken,
      from: "Paraphe",
    });
  }

  /** A worker running the SMS job only, logging into `lines`. */
  function worker(provider: SmsProvider): JobWorker {
    const logger = createLogger({ logLevel: "debug" }, { write: (line) => void lines.push(line) });
    const jobWorker = new JobWorker({
      db: database.connection.db,
      logger,
      pollIntervalMs: 60_000,
      backoffBaseMs: 150,
      backoffMaxMs: 600_000,
      jobs: [sendSmsHandler({ db: database.connection.db, provider, mailKey: MAIL_KEY, logger })],
    });
    cleanups.push(() => jobWorker.stop());
    return jobWorker;
  }

  async function enqueueCommitted(to = "+33612345678"): Promise<string> {
    return database.connection.db.transaction().execute(async (trx) => {
      const { id } = await enqueueSms(trx, MAIL_KEY, { to, text: TEXT, locale: "en" });
      return id;
    });
  }

  async function smsJob(id: string): Promise<JobRow> {
    return database.connection.db
      .selectFrom("job")
      .selectAll()
      .where("name", "=", sendSmsJob.name)
      .where(sql<boolean>`payload ->> 'smsId' = ${id}`)
      .executeTakeFirstOrThrow();
  }

  /** Neither the code nor the provider's token reached a log line or the job row. */
  async function expectNoSecrets(id: string): Promise<void> {
    const job = await smsJob(id);
    for (const text of [...lines, JSON.stringify(job)]) {
      expect(text).not.toContain(CODE);
      expect(text).not.toContain(server.authToken);
    }
  }

  it("stores the text sealed and sends it through the provider once the transaction commits", async () => {
    const id = await enqueueCommitted();
    const row = await database.connection.db
      .selectFrom("smsOutbox")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.toPhone).toBe("+33612345678");
    expect(row.body).not.toContain(CODE);

    expect(await worker(httpProvider()).processNext()).toBe("done");
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.form).toMatchObject({ To: "+33612345678", Body: TEXT });
    const sent = await database.connection.db
      .selectFrom("smsOutbox")
      .select(["sentAt", "messageId"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.messageId).toMatch(/^SM/);
    await expectNoSecrets(id);
  });

  it("sends nothing when the transaction rolls back", async () => {
    await expect(
      database.connection.db.transaction().execute(async (trx) => {
        await enqueueSms(trx, MAIL_KEY, { to: "+33612345678", text: TEXT });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await worker(httpProvider()).processNext()).toBe("idle");
    expect(server.received).toEqual([]);
  });

  it("retries a rate-limited SMS no sooner than Retry-After, then sends it", async () => {
    server.answerNext({ kind: "rate-limited", retryAfter: "120" });
    const id = await enqueueCommitted();
    const jobWorker = worker(httpProvider());
    const before = Date.now();
    expect(await jobWorker.processNext()).toBe("retry");
    const job = await smsJob(id);
    expect(job.status).toBe("pending");
    expect(job.lastError).toMatch(/429 \(code 20429\)/);
    // The backoff alone would wait 150 ms; the provider asked for 2 minutes.
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before + 115_000);
    expect(await jobWorker.processNext()).toBe("idle");
    await database.connection.db
      .updateTable("job")
      .set({ runAt: sql<Date>`now()` })
      .where("id", "=", job.id)
      .execute();
    expect(await jobWorker.processNext()).toBe("done");
    expect(server.received).toHaveLength(2);
    await expectNoSecrets(id);
  });

  it("retries when the provider fails or refuses the credentials, and never logs the token or the code", async () => {
    server.answerNext({ kind: "error", status: 503, code: 20503, message: "Service unavailable" });
    const id = await enqueueCommitted();
    expect(await worker(httpProvider()).processNext()).toBe("retry");
    expect((await smsJob(id)).lastError).toMatch(/503/);
    await database.connection.db
      .updateTable("job")
      .set({ runAt: sql<Date>`now()` })
      .where("name", "=", sendSmsJob.name)
      .execute();
    const wrong = worker(httpProvider("a-wrong-token-secret"));
    expect(await wrong.processNext()).toBe("retry");
    const job = await smsJob(id);
    expect(job.lastError).toMatch(/401 \(code 20003\)/);
    expect(JSON.stringify(job) + lines.join("")).not.toContain("a-wrong-token-secret");
    await expectNoSecrets(id);
  });

  it("gives up at once on a number the provider refuses", async () => {
    server.answerNext({
      kind: "error",
      status: 400,
      code: 21614,
      message: "'To' number is not a valid mobile number",
    });
    const id = await enqueueCommitted();
    expect(await worker(httpProvider()).processNext()).toBe("failed");
    expect(await smsJob(id)).toMatchObject({ status: "failed", attempts: 1 });
    await expectNoSecrets(id);
  });

  it("gives up on a body sealed under another key", async () => {
    const id = await database.connection.db.transaction().execute(async (trx) => {
      const { id: smsId } = await enqueueSms(trx, randomBytes(32), {
        to: "+33612345678",
        text: TEXT,
      });
      return smsId;
    });
    expect(await worker(httpProvider()).processNext()).toBe("failed");
    expect((await smsJob(id)).lastError).toBe(SMS_BODY_DOES_NOT_OPEN);
    expect(server.received).toEqual([]);
  });

  it("shows the SMS in the development mailbox when no provider is configured", async () => {
    const id = await enqueueCommitted("+447700900123");
    const provider = createDevMailboxSmsProvider(database.connection.db, MAIL_KEY, "Paraphe");
    expect(await worker(provider).processNext()).toBe("done");
    const [message] = await database.connection.db.selectFrom("devMailbox").selectAll().execute();
    expect(message).toMatchObject({ toAddress: "+447700900123", subject: DEV_SMS_SUBJECT });
    expect(
      openMailBody(
        MAIL_KEY,
        { to: "+447700900123", subject: DEV_SMS_SUBJECT },
        message?.textBody ?? "",
      ),
    ).toBe(TEXT);
    await expectNoSecrets(id);
  });
});
