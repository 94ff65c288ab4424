import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { MailOutboxRow } from "../db/database";
import {
  createTestDatabase,
  silentLogger,
  testDatabaseKinds,
  type TestDatabase,
} from "../test/databases";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp";
import { isSealedMailBody, openMailBody } from "./body-sealing";
import { enqueueMail, MAIL_OUTBOX_CHANNEL } from "./outbox";
import { createDevMailboxTransport, createSmtpTransport, type MailTransport } from "./transport";
import { mailBackoffMs, MailWorker, type MailWorkerOptions } from "./worker";

const FROM = "Paraphe <no-reply@paraphe.test>";
const MAIL_KEY = randomBytes(32);

describe("mailBackoffMs", () => {
  it("doubles the delay after each failure, up to the maximum", () => {
    expect([1, 2, 3, 4, 5].map((attempts) => mailBackoffMs(attempts, 100, 1000))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
  });
});

describe.each(testDatabaseKinds)("the mail outbox and worker on %s", (kind) => {
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
    await database.connection.db.deleteFrom("devMailbox").execute();
    await database.connection.db.deleteFrom("mailOutbox").execute();
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

  function worker(transport: MailTransport, options: Partial<MailWorkerOptions> = {}): MailWorker {
    const mailWorker = new MailWorker({
      db: database.connection.db,
      transport,
      mailKey: MAIL_KEY,
      from: FROM,
      logger: silentLogger(),
      pollIntervalMs: 60_000,
      backoffBaseMs: 150,
      backoffMaxMs: 10_000,
      ...options,
    });
    cleanups.push(() => mailWorker.stop());
    return mailWorker;
  }

  async function outboxRow(id: string): Promise<MailOutboxRow> {
    return database.connection.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
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
    const mailWorker = worker(smtpTransport(smtp.url), { listen: database.connection.listen });
    await mailWorker.start();

    const id = await enqueueCommitted("ann@example.com", "Your login code");
    const [mail] = await smtp.waitFor(1, 5000);

    expect(mail?.to).toEqual(["ann@example.com"]);
    expect(mail?.from).toBe("no-reply@paraphe.test");
    expect(mail?.raw).toContain("Subject: Your login code");
    expect(mail?.raw).toContain("Content-Language: en");
    expect(mail?.raw).toMatch(/^From: Paraphe <no-reply@paraphe\.test>/m);
    expect(mail?.raw).toContain("Your code is 4F7K2Q.");
    await expect.poll(async () => (await outboxRow(id)).status).toBe("sent");
    const row = await outboxRow(id);
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.messageId).toMatch(/^<.+>$/);
  });

  it("sends nothing for a message whose transaction rolled back", async () => {
    smtp = await smtpServer();
    const mailWorker = worker(smtpTransport(smtp.url));
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

    expect(await mailWorker.processNext()).toBe("idle");
    expect(await database.connection.db.selectFrom("mailOutbox").select("id").execute()).toEqual(
      [],
    );
    expect(smtp.received).toEqual([]);
  });

  it("delivers a notification on commit only", async () => {
    let notifications = 0;
    const unlisten = await database.connection.listen(MAIL_OUTBOX_CHANNEL, () => {
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
    // Give a wrongly delivered rollback notification time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notifications).toBe(1);
  });

  it("retries after an SMTP failure with exponential backoff, counting attempts and keeping the last error", async () => {
    smtp = await smtpServer();
    smtp.failNext(2);
    const mailWorker = worker(smtpTransport(smtp.url), { backoffBaseMs: 300 });
    const id = await enqueueCommitted();

    expect(await mailWorker.processNext()).toBe("retry");
    let row = await outboxRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(row.lastError).toContain("451");
    expect(row.nextAttemptAt.getTime() - row.updatedAt.getTime()).toBe(300);
    // Not due yet.
    expect(await mailWorker.processNext()).toBe("idle");

    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await mailWorker.processNext()).toBe("retry");
    row = await outboxRow(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - row.updatedAt.getTime()).toBe(600);

    await new Promise((resolve) => setTimeout(resolve, 650));
    expect(await mailWorker.processNext()).toBe("sent");
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
    expect(smtp.received).toHaveLength(1);
  });

  it("gives up after the maximum number of attempts and marks the message failed", async () => {
    smtp = await smtpServer();
    smtp.failNext(10);
    const mailWorker = worker(smtpTransport(smtp.url), { maxAttempts: 2, backoffBaseMs: 20 });
    const id = await enqueueCommitted();

    expect(await mailWorker.processNext()).toBe("retry");
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await mailWorker.processNext()).toBe("failed");
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
    expect(row.lastError).toContain("451");
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await mailWorker.processNext()).toBe("idle");
    expect(smtp.received).toEqual([]);
  });

  it("stores an SMTP authentication failure without the password", async () => {
    smtp = await smtpServer({ user: "mailer", password: "s3cret-pa55" });
    const wrongUrl = smtp.url.replace("s3cret-pa55", "wr0ng-pa55word");
    const mailWorker = worker(smtpTransport(wrongUrl), { smtpUrl: wrongUrl });
    const id = await enqueueCommitted();

    expect(await mailWorker.processNext()).toBe("retry");
    const row = await outboxRow(id);
    expect(row.lastError).toMatch(/auth|login|535/i);
    expect(row.lastError).not.toContain("wr0ng-pa55word");
  });

  it("authenticates to an SMTP server with the credentials of SMTP_URL", async () => {
    smtp = await smtpServer({ user: "mailer", password: "s3cret-pa55" });
    const mailWorker = worker(smtpTransport(smtp.url));
    await enqueueCommitted();
    expect(await mailWorker.processNext()).toBe("sent");
    expect(smtp.received).toHaveLength(1);
  });

  it("lets several workers share the outbox without sending a message twice", async () => {
    smtp = await smtpServer();
    smtp.delayBy(20);
    const transport = smtpTransport(smtp.url);
    const workers = [
      worker(transport, { pollIntervalMs: 50 }),
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
    const rows = await database.connection.db
      .selectFrom("mailOutbox")
      .select(["status", "attempts"])
      .execute();
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("takes over a message whose worker died while sending it, once the lease has run out", async () => {
    smtp = await smtpServer();
    const id = await enqueueCommitted();
    // A worker that claimed it and died: status sending, lease already expired.
    await database.connection.db
      .updateTable("mailOutbox")
      .set({ status: "sending", attempts: 1, lockedUntil: sql<Date>`now() - interval '1 second'` })
      .where("id", "=", id)
      .execute();

    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("sent");
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("leaves a message alone while another worker's lease runs", async () => {
    const id = await enqueueCommitted();
    await database.connection.db
      .updateTable("mailOutbox")
      .set({ status: "sending", attempts: 1, lockedUntil: sql<Date>`now() + interval '1 minute'` })
      .where("id", "=", id)
      .execute();
    smtp = await smtpServer();
    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("idle");
  });

  it("finishes the message in progress when stopped", async () => {
    smtp = await smtpServer();
    smtp.delayBy(400);
    const mailWorker = worker(smtpTransport(smtp.url), { listen: database.connection.listen });
    await mailWorker.start();
    const id = await enqueueCommitted();
    await expect.poll(async () => (await outboxRow(id)).status, { interval: 20 }).toBe("sending");

    await mailWorker.stop();

    expect(smtp.received).toHaveLength(1);
    expect((await outboxRow(id)).status).toBe("sent");
  });

  it("delivers to the development mailbox when no SMTP server is configured", async () => {
    const mailWorker = worker(createDevMailboxTransport(database.connection.db, MAIL_KEY));
    const id = await database.connection.db.transaction().execute(async (trx) =>
      enqueueMail(trx, MAIL_KEY, {
        to: "ann@example.com",
        subject: "Code de connexion",
        text: "Votre code : 4F7K2Q",
        html: "<p>Votre code</p>",
        locale: "fr",
      }),
    );
    expect(await mailWorker.processNext()).toBe("sent");
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

  it("stores bodies sealed, keeping the recipient and subject readable, and sends them opened", async () => {
    smtp = await smtpServer();
    const id = await enqueueCommitted();
    const stored = await outboxRow(id);
    expect(stored).toMatchObject({ toAddress: "ann@example.com", subject: "Your login code" });
    expect(isSealedMailBody(stored.textBody)).toBe(true);
    expect(stored.textBody).not.toContain("4F7K2Q");
    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("sent");
    expect(smtp.received[0]?.raw).toContain("Your code is 4F7K2Q.");
  });

  it("does not open a sealed body moved to another recipient, and fails it without sending", async () => {
    smtp = await smtpServer();
    const id = await enqueueCommitted();
    await database.connection.db
      .updateTable("mailOutbox")
      .set({ toAddress: "mallory@example.com" })
      .where("id", "=", id)
      .execute();
    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("failed");
    expect(smtp.received).toHaveLength(0);
    expect(await outboxRow(id)).toMatchObject({
      status: "failed",
      lastError: "the message body does not open with this master key",
    });
  });

  it("sends a body stored before sealing as it is, then clears it", async () => {
    smtp = await smtpServer();
    const { id } = await database.connection.db
      .insertInto("mailOutbox")
      .values({ toAddress: "ann@example.com", subject: "Old", textBody: "Old code 4F7K2Q" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await worker(smtpTransport(smtp.url)).processNext()).toBe("sent");
    expect(smtp.received[0]?.raw).toContain("Old code 4F7K2Q");
    expect(await outboxRow(id)).toMatchObject({ status: "sent", textBody: "", htmlBody: null });
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
    expect(await database.connection.db.selectFrom("mailOutbox").select("id").execute()).toEqual(
      [],
    );
  });
});
