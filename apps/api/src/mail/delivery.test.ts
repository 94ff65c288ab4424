import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { JobRow, MailOutboxRow } from "../db/database";
import { enqueueJob, JOB_CHANNEL } from "../jobs/queue";
import { sendMailJob } from "./job-definitions";
import { INTERRUPTED_ERROR, JobWorker, type JobWorkerOptions } from "../jobs/job-worker";
import {
  createTestDatabase,
  silentLogger,
  testDatabaseKinds,
  type TestDatabase,
} from "../test/databases";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp";
import { isSealedMailBody, openMailBody } from "./body-sealing";
import { BODY_DOES_NOT_OPEN, sendMailHandler } from "./delivery";
import { enqueueMail } from "./outbox";
import { createDevMailboxTransport, createSmtpTransport, type MailTransport } from "./transport";

const FROM = "Paraphe <no-reply@paraphe.test>";
const MAIL_KEY = randomBytes(32);

type WorkerOptions = Partial<Pick<JobWorkerOptions, "listen" | "pollIntervalMs" | "backoffBaseMs">>;

describe.each(testDatabaseKinds)("mail delivered by the job worker on %s", (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await database.destroy();
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    const { db } = database.connection;
    await db.deleteFrom("devMailbox").execute();
    await db.deleteFrom("job").where("name", "=", sendMailJob.name).execute();
    await db.deleteFrom("mailOutbox").execute();
  });

  async function smtpServer(auth?: { user: string; password: string }): Promise<TestSmtpServer> {
    const server = await startSmtpServer(auth);
    cleanups.push(() => server.close());
    return server;
  }

  function smtpTransport(url: string): MailTransport {
    const transport = createSmtpTransport(url, {
      connectionTimeoutMs: 2000,
      greetingTimeoutMs: 2000,
      socketTimeoutMs: 5000,
    });
    cleanups.push(() => transport.close());
    return transport;
  }

  /** A job worker that runs the mail job only, delivering through `transport`. */
  function worker(
    transport: MailTransport,
    options: WorkerOptions & { smtpUrl?: string } = {},
  ): JobWorker {
    const { smtpUrl, ...workerOptions } = options;
    const jobWorker = new JobWorker({
      db: database.connection.db,
      logger: silentLogger(),
      pollIntervalMs: 60_000,
      backoffBaseMs: 150,
      backoffMaxMs: 10_000,
      jobs: [
        sendMailHandler({
          db: database.connection.db,
          transport,
          mailKey: MAIL_KEY,
          from: FROM,
          logger: silentLogger(),
          ...(smtpUrl === undefined ? {} : { smtpUrl }),
        }),
      ],
      ...workerOptions,
    });
    cleanups.push(() => jobWorker.stop());
    return jobWorker;
  }

  async function outboxRow(id: string): Promise<MailOutboxRow> {
    return database.connection.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  /** The `send-mail` job of the message `id`. */
  async function mailJob(id: string): Promise<JobRow> {
    return database.connection.db
      .selectFrom("job")
      .selectAll()
      .where("name", "=", sendMailJob.name)
      .where(sql<boolean>`payload ->> 'mailId' = ${id}`)
      .executeTakeFirstOrThrow();
  }

  /** The job of the message `id` is due now (its backoff has passed). */
  async function makeDue(id: string): Promise<void> {
    await database.connection.db
      .updateTable("job")
      .set({ runAt: sql<Date>`now()` })
      .where("name", "=", sendMailJob.name)
      .where(sql<boolean>`payload ->> 'mailId' = ${id}`)
      .execute();
  }

  /** The job of the message `id` as a worker that claimed it and stopped left it. */
  async function leftRunning(id: string, attempts: number, lease: "expired" | "running") {
    await database.connection.db
      .updateTable("job")
      .set({
        status: "running",
        attempts,
        lockedUntil:
          lease === "expired"
            ? sql<Date>`now() - interval '1 second'`
            : sql<Date>`now() + interval '1 minute'`,
      })
      .where("name", "=", sendMailJob.name)
      .where(sql<boolean>`payload ->> 'mailId' = ${id}`)
      .execute();
  }

  async function enqueueCommitted(
    to = "ann@example.com",
    subject = "Your login code",
  ): Promise<string> {
    return database.connection.db.transaction().execute(async (trx) => {
      const { id } = await enqueueMail(trx, MAIL_KEY, {
        to,
        subject,
        text: `Your code is 4F7K2Q.\nIt expires in 10 minutes.`,
        locale: "en",
      });
      return id;
    });
  }

  it("delivers a committed message through SMTP, woken by the commit without waiting for a poll", async () => {
    smtp = await smtpServer();
    const jobWorker = worker(smtpTransport(smtp.url), { listen: database.connection.listen });
    await jobWorker.start();

    const id = await enqueueCommitted("ann@example.com", "Your login code");
    const [mail] = await smtp.waitFor(1, 5000);

    expect(mail?.to).toEqual(["ann@example.com"]);
    expect(mail?.from).toBe("no-reply@paraphe.test");
    expect(mail?.raw).toContain("Subject: Your login code");
    expect(mail?.raw).toContain("Content-Language: en");
    expect(mail?.raw).toMatch(/^From: Paraphe <no-reply@paraphe\.test>/m);
    expect(mail?.raw).toContain("Your code is 4F7K2Q.");
    await expect.poll(async () => (await mailJob(id)).status).toBe("done");
    expect(await mailJob(id)).toMatchObject({ attempts: 1, lastError: null });
    const row = await outboxRow(id);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.messageId).toBe(`<${id}@paraphe.test>`);
    expect(mail?.raw).toMatch(new RegExp(`^Message-ID: <${id}@paraphe\\.test>\r?$`, "m"));
  });

  it("sends nothing for a message whose transaction rolled back: neither the message nor its job exists", async () => {
    smtp = await smtpServer();
    const jobWorker = worker(smtpTransport(smtp.url));
    await expect(
      database.connection.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, MAIL_KEY, {
          to: "bob@example.com",
          subject: "Invitation",
          text: "Join the team.",
        });
        throw new Error("the change that caused the mail failed");
      }),
    ).rejects.toThrow("the change that caused the mail failed");

    expect(await jobWorker.processNext()).toBe("idle");
    const { db } = database.connection;
    expect(await db.selectFrom("mailOutbox").select("id").execute()).toEqual([]);
    expect(
      await db.selectFrom("job").select("id").where("name", "=", sendMailJob.name).execute(),
    ).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it("wakes the job workers when the message's transaction commits, never when it rolls back", async () => {
    let notifications = 0;
    const unlisten = await database.connection.listen(JOB_CHANNEL, () => {
      notifications += 1;
    });
    cleanups.push(unlisten);
    await database.connection.db
      .transaction()
      .execute(async (trx) => {
        await enqueueMail(trx, MAIL_KEY, {
          to: "bob@example.com",
          subject: "Rolled back",
          text: "No.",
        });
        throw new Error("rollback");
      })
      .catch(() => undefined);
    await enqueueCommitted();
    await expect.poll(() => notifications).toBe(1);
    // Proving that something does not arrive takes a pause: give a wrongly delivered rollback
    // notification time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notifications).toBe(1);
  });

  it("retries after an SMTP failure with exponential backoff, counting attempts and keeping the last error", async () => {
    smtp = await smtpServer();
    smtp.failNext(2);
    const jobWorker = worker(smtpTransport(smtp.url), { backoffBaseMs: 300 });
    const id = await enqueueCommitted();

    expect(await jobWorker.processNext()).toBe("retry");
    let job = await mailJob(id);
    expect(job).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(job.lastError).toContain("451");
    expect(job.runAt.getTime() - job.updatedAt.getTime()).toBe(300);
    // Not due yet.
    expect(await jobWorker.processNext()).toBe("idle");

    await makeDue(id);
    expect(await jobWorker.processNext()).toBe("retry");
    job = await mailJob(id);
    expect(job.attempts).toBe(2);
    expect(job.runAt.getTime() - job.updatedAt.getTime()).toBe(600);

    await makeDue(id);
    expect(await jobWorker.processNext()).toBe("done");
    expect(await mailJob(id)).toMatchObject({ status: "done", attempts: 3 });
    expect((await outboxRow(id)).sentAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(1);
  });

  it("gives up after 8 attempts and marks the job failed with the last error", async () => {
    smtp = await smtpServer();
    smtp.failNext(10);
    const jobWorker = worker(smtpTransport(smtp.url), { backoffBaseMs: 0 });
    const id = await enqueueCommitted();

    await expect(jobWorker.runUntilIdle()).resolves.toEqual([
      ...Array<string>(7).fill("retry"),
      "failed",
    ]);
    const job = await mailJob(id);
    expect(job).toMatchObject({ status: "failed", attempts: 8 });
    expect(job.finishedAt).toBeInstanceOf(Date);
    expect(job.lastError).toContain("451");
    expect(await jobWorker.processNext()).toBe("idle");
    expect((await outboxRow(id)).sentAt).toBeNull();
    expect(smtp.received).toEqual([]);
  });

  it("stores an SMTP authentication failure without the password", async () => {
    smtp = await smtpServer({ user: "mailer", password: "s3cret-pa55" });
    const wrongUrl = smtp.url.replace("s3cret-pa55", "wr0ng-pa55word");
    const jobWorker = worker(smtpTransport(wrongUrl), { smtpUrl: wrongUrl });
    const id = await enqueueCommitted();

    expect(await jobWorker.processNext()).toBe("retry");
    const job = await mailJob(id);
    expect(job.lastError).toMatch(/auth|login|535/i);
    expect(job.lastError).not.toContain("wr0ng-pa55word");
  });

  it("authenticates to an SMTP server with the credentials of SMTP_URL", async () => {
    smtp = await smtpServer({ user: "mailer", password: "s3cret-pa55" });
    const jobWorker = worker(smtpTransport(smtp.url));
    await enqueueCommitted();
    expect(await jobWorker.processNext()).toBe("done");
    expect(smtp.received).toHaveLength(1);
  });

  it("lets several workers share the queue without sending a message twice", async () => {
    smtp = await smtpServer();
    smtp.delayBy(20);
    const workers = [
      worker(smtpTransport(smtp.url), { pollIntervalMs: 50 }),
      worker(smtpTransport(smtp.url), { pollIntervalMs: 50 }),
    ];
    await database.connection.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 8; i += 1) {
        await enqueueMail(trx, MAIL_KEY, {
          to: `user${i}@example.com`,
          subject: `Message ${i}`,
          text: "Hello",
        });
      }
    });
    await Promise.all(workers.map((w) => w.start()));
    const received = await smtp.waitFor(8, 10_000);
    await Promise.all(workers.map((w) => w.stop()));

    expect(received.map((mail) => mail.to[0]).sort()).toEqual(
      [...Array(8).keys()].map((i) => `user${i}@example.com`).sort(),
    );
    const jobs = await database.connection.db
      .selectFrom("job")
      .select(["status", "attempts"])
      .where("name", "=", sendMailJob.name)
      .execute();
    expect(jobs).toHaveLength(8);
    expect(jobs.every((job) => job.status === "done" && job.attempts === 1)).toBe(true);
  });

  it("takes over a message whose worker stopped before sending it, once the lease has run out", async () => {
    smtp = await smtpServer();
    const id = await enqueueCommitted();
    await leftRunning(id, 1, "expired");

    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("done");
    expect(await mailJob(id)).toMatchObject({ status: "done", attempts: 2 });
    expect((await outboxRow(id)).sentAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(1);
  });

  it("does not send a message twice when its worker stopped after sending it, before finishing the job", async () => {
    smtp = await smtpServer();
    const id = await enqueueCommitted();
    // Sent and recorded as sent; the process stopped before the job was marked done.
    await database.connection.db
      .updateTable("mailOutbox")
      .set({ sentAt: sql<Date>`now()`, messageId: "<sent-before-the-stop@paraphe.test>" })
      .where("id", "=", id)
      .execute();
    await leftRunning(id, 1, "expired");

    const jobWorker = worker(smtpTransport(smtp.url));
    await expect(jobWorker.sweep()).resolves.toBe(1);
    await expect(jobWorker.runUntilIdle()).resolves.toEqual(["done"]);
    expect(smtp.received).toEqual([]);
    expect(await mailJob(id)).toMatchObject({ status: "done", attempts: 2 });
    expect((await outboxRow(id)).messageId).toBe("<sent-before-the-stop@paraphe.test>");
  });

  it("sends a message again with the same Message-ID when its worker died after the server accepted it, before recording it", async () => {
    smtp = await smtpServer();
    const id = await enqueueCommitted();
    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("done");
    // The process was killed between the server's 250 and the sentAt write: the job is running.
    await database.connection.db
      .updateTable("mailOutbox")
      .set({ sentAt: null, messageId: null })
      .where("id", "=", id)
      .execute();
    await leftRunning(id, 1, "expired");

    const jobWorker = worker(smtpTransport(smtp.url));
    await expect(jobWorker.sweep()).resolves.toBe(1);
    await expect(jobWorker.runUntilIdle()).resolves.toEqual(["done"]);
    const messageIds = smtp.received.map((mail) => /^Message-ID: (.*)$/im.exec(mail.raw)?.[1]);
    expect(messageIds).toEqual([`<${id}@paraphe.test>`, `<${id}@paraphe.test>`]);
    expect((await outboxRow(id)).messageId).toBe(`<${id}@paraphe.test>`);
  });

  it("gives up a message whose last attempt was interrupted, without sending it", async () => {
    smtp = await smtpServer();
    const id = await enqueueCommitted();
    await leftRunning(id, 8, "expired");

    const jobWorker = worker(smtpTransport(smtp.url));
    await expect(jobWorker.sweep()).resolves.toBe(0);
    await expect(jobWorker.runUntilIdle()).resolves.toEqual([]);
    expect(await mailJob(id)).toMatchObject({
      status: "failed",
      attempts: 8,
      lastError: INTERRUPTED_ERROR,
    });
    expect(smtp.received).toEqual([]);
  });

  it("leaves a message alone while another worker's lease runs", async () => {
    const id = await enqueueCommitted();
    await leftRunning(id, 1, "running");
    smtp = await smtpServer();
    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("idle");
    expect(smtp.received).toEqual([]);
  });

  it("finishes the message in progress when stopped", async () => {
    smtp = await smtpServer();
    smtp.delayBy(400);
    const jobWorker = worker(smtpTransport(smtp.url), { listen: database.connection.listen });
    await jobWorker.start();
    const id = await enqueueCommitted();
    await expect.poll(async () => (await mailJob(id)).status, { interval: 20 }).toBe("running");

    await jobWorker.stop();

    expect(smtp.received).toHaveLength(1);
    expect((await mailJob(id)).status).toBe("done");
    expect((await outboxRow(id)).sentAt).toBeInstanceOf(Date);
  });

  it("delivers to the development mailbox when no SMTP server is configured", async () => {
    const jobWorker = worker(createDevMailboxTransport(database.connection.db, MAIL_KEY));
    const id = await database.connection.db.transaction().execute(async (trx) =>
      enqueueMail(trx, MAIL_KEY, {
        to: "ann@example.com",
        subject: "Code de connexion",
        text: "Votre code : 4F7K2Q",
        html: "<p>Votre code</p>",
        locale: "fr",
      }),
    );
    expect(await jobWorker.processNext()).toBe("done");
    const delivered = await database.connection.db.selectFrom("devMailbox").selectAll().execute();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      outboxId: id.id,
      fromAddress: FROM,
      toAddress: "ann@example.com",
      subject: "Code de connexion",
      locale: "fr",
    });
    // Sealed there too: only the mailbox page opens them.
    const row = delivered[0]!;
    expect(row.textBody).not.toContain("4F7K2Q");
    const binding = { to: row.toAddress, subject: row.subject };
    expect(openMailBody(MAIL_KEY, binding, row.textBody)).toBe("Votre code : 4F7K2Q");
    expect(openMailBody(MAIL_KEY, binding, row.htmlBody ?? "")).toBe("<p>Votre code</p>");
  });

  it("stores bodies sealed, keeping the recipient and subject readable, with a job that names the message only, and sends them opened", async () => {
    smtp = await smtpServer();
    const id = await enqueueCommitted();
    const stored = await outboxRow(id);
    expect(stored).toMatchObject({ toAddress: "ann@example.com", subject: "Your login code" });
    expect(isSealedMailBody(stored.textBody)).toBe(true);
    expect(stored.textBody).not.toContain("4F7K2Q");
    expect((await mailJob(id)).payload).toEqual({ mailId: id });
    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("done");
    expect(smtp.received[0]?.raw).toContain("Your code is 4F7K2Q.");
  });

  it("does not open a sealed body moved to another recipient, and gives up at once without sending", async () => {
    smtp = await smtpServer();
    const id = await enqueueCommitted();
    await database.connection.db
      .updateTable("mailOutbox")
      .set({ toAddress: "mallory@example.com" })
      .where("id", "=", id)
      .execute();
    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("failed");
    expect(smtp.received).toHaveLength(0);
    expect(await mailJob(id)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: BODY_DOES_NOT_OPEN,
    });
  });

  it("sends a body stored before sealing as it is, then clears it", async () => {
    smtp = await smtpServer();
    const id = await database.connection.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("mailOutbox")
        .values({ toAddress: "ann@example.com", subject: "Old", textBody: "Old code 4F7K2Q" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueueJob(trx, sendMailJob, { mailId: row.id });
      return row.id;
    });
    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("done");
    expect(smtp.received[0]?.raw).toContain("Old code 4F7K2Q");
    expect(await outboxRow(id)).toMatchObject({ textBody: "", htmlBody: null });
  });

  it("refuses a message with an invalid address or a multi-line subject", async () => {
    await expect(
      database.connection.db
        .transaction()
        .execute((trx) =>
          enqueueMail(trx, MAIL_KEY, { to: "not an address", subject: "Hi", text: "x" }),
        ),
    ).rejects.toThrow();
    await expect(
      database.connection.db.transaction().execute((trx) =>
        enqueueMail(trx, MAIL_KEY, {
          to: "a@example.com",
          subject: "Hi\r\nBcc: victim@example.com",
          text: "x",
        }),
      ),
    ).rejects.toThrow();
    const { db } = database.connection;
    expect(await db.selectFrom("mailOutbox").select("id").execute()).toEqual([]);
    expect(
      await db.selectFrom("job").select("id").where("name", "=", sendMailJob.name).execute(),
    ).toEqual([]);
  });
});
