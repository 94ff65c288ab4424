import { randomBytes } from "node:crypto";
import { Migrator, sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobWorker } from "../../jobs/job-worker";
import { sealMailBody } from "../../mail/body-sealing";
import { sendMailHandler } from "../../mail/delivery";
import { createDevMailboxTransport } from "../../mail/transport";
import {
  createTestDatabase,
  silentLogger,
  testDatabaseKinds,
  type TestDatabase,
} from "../../test/databases";
import type { Database } from "../database";
import { migrateToLatest } from "../migrate";
import { migrations } from "./index";

const MAIL_KEY = randomBytes(32);

async function migrator(db: Kysely<Database>): Promise<Migrator> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? "public",
  });
}

describe.each(testDatabaseKinds)("the mail-as-jobs migration on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("gives every message not yet sent a send-mail job in the state it had, which the job worker then delivers, and goes back down", async () => {
    const db = database.connection.db;
    const down = await (await migrator(db)).migrateTo("20261123143000_keyed-activity-chain");
    expect(down.error).toBeUndefined();
    // What the outbox held when its own worker sent the mail.
    const sealed = (to: string, subject: string) =>
      sealMailBody(MAIL_KEY, { to, subject }, `Body for ${to}`);
    await sql`
      INSERT INTO mail_outbox (to_address, subject, text_body, status, attempts, next_attempt_at,
                               locked_until, last_error, sent_at)
      VALUES
        ('waiting@example.com', 'Waiting', ${sealed("waiting@example.com", "Waiting")}, 'pending', 2,
         now() - interval '1 second', NULL, '451 try later', NULL),
        ('sending@example.com', 'Sending', ${sealed("sending@example.com", "Sending")}, 'sending', 1,
         now() - interval '1 minute', now() - interval '1 second', NULL, NULL),
        ('failed@example.com', 'Failed', ${sealed("failed@example.com", "Failed")}, 'failed', 8,
         now() - interval '1 hour', NULL, '550 no such user', NULL),
        ('sent@example.com', 'Sent', '', 'sent', 1, now() - interval '1 hour', NULL, NULL,
         now() - interval '1 hour')`.execute(db);

    await migrateToLatest(db, silentLogger());

    const jobs = await db
      .selectFrom("job")
      .innerJoin("mailOutbox", (join) =>
        join.on(sql<boolean>`job.payload ->> 'mailId' = mail_outbox.id::text`),
      )
      .select(["mailOutbox.toAddress", "job.status", "job.attempts", "job.lastError"])
      .where("job.name", "=", "send-mail")
      .orderBy("mailOutbox.toAddress")
      .execute();
    expect(jobs).toEqual([
      {
        toAddress: "failed@example.com",
        status: "failed",
        attempts: 8,
        lastError: "550 no such user",
      },
      { toAddress: "sending@example.com", status: "running", attempts: 1, lastError: null },
      {
        toAddress: "waiting@example.com",
        status: "pending",
        attempts: 2,
        lastError: "451 try later",
      },
    ]);
    const { rows: columns } = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'mail_outbox'`.execute(db);
    expect(columns.map((column) => column.name)).not.toContain("status");

    const worker = new JobWorker({
      db,
      logger: silentLogger(),
      jobs: [
        sendMailHandler({
          db,
          transport: createDevMailboxTransport(db, MAIL_KEY),
          mailKey: MAIL_KEY,
          from: "Paraphe <no-reply@paraphe.test>",
          logger: silentLogger(),
        }),
      ],
    });
    // The message a stopped worker was sending is handed back; the waiting one is due.
    await expect(worker.sweep()).resolves.toBe(1);
    await expect(worker.runUntilIdle()).resolves.toEqual(["done", "done"]);
    const delivered = await db
      .selectFrom("devMailbox")
      .select("toAddress")
      .orderBy("toAddress")
      .execute();
    expect(delivered.map((mail) => mail.toAddress)).toEqual([
      "sending@example.com",
      "waiting@example.com",
    ]);

    const back = await (await migrator(db)).migrateTo("20261123143000_keyed-activity-chain");
    expect(back.error).toBeUndefined();
    const outbox = await sql<{ toAddress: string; status: string; attempts: number }>`
      SELECT to_address AS "toAddress", status, attempts FROM mail_outbox
      ORDER BY to_address`.execute(db);
    expect(outbox.rows).toEqual([
      { toAddress: "failed@example.com", status: "failed", attempts: 8 },
      { toAddress: "sending@example.com", status: "sent", attempts: 2 },
      { toAddress: "sent@example.com", status: "sent", attempts: 1 },
      { toAddress: "waiting@example.com", status: "sent", attempts: 3 },
    ]);
    expect(
      await db.selectFrom("job").select("id").where("name", "=", "send-mail").execute(),
    ).toEqual([]);
    await migrateToLatest(db, silentLogger());
  });
});
