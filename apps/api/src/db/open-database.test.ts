import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEmptyTestDatabase,
  createTestDatabase,
  silentLogger,
  testDatabaseKinds,
  type TestDatabase,
} from "../test/databases";
import type { Database } from "./database";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations";

describe.each(testDatabaseKinds)("the database on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await database.destroy();
  });

  it("runs every migration from scratch on an empty database, into the schema the test databases are copied from", async () => {
    const empty = await createEmptyTestDatabase(kind);
    try {
      expect(await schemaOf(empty.connection.db)).toEqual([]);
      await migrateToLatest(empty.connection.db, silentLogger());
      const { rows } = await sql<{
        name: string;
      }>`SELECT name FROM kysely_migration ORDER BY name`.execute(empty.connection.db);
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
      const fromScratch = await schemaOf(empty.connection.db);
      expect(fromScratch.length).toBeGreaterThan(0);
      expect(await schemaOf(database.connection.db)).toEqual(fromScratch);
    } finally {
      await empty.destroy();
    }
    // PGlite's initdb alone takes seconds of CPU, and the machine may be busy.
  }, 180_000);

  it("has the tables of every migration, and migrating again changes nothing", async () => {
    await migrateToLatest(database.connection.db, silentLogger());
    const { rows } = await sql<{
      name: string;
    }>`SELECT name FROM kysely_migration ORDER BY name`.execute(database.connection.db);
    expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
    const tables = await database.connection.db.introspection.getTables();
    expect(
      tables
        .filter((table) => table.schema === tables.find((t) => t.name === "mail_outbox")?.schema)
        .map((t) => t.name)
        .sort(),
    ).toEqual([
      "activity_event",
      "api_key",
      "app_user",
      "bulk_send",
      "bulk_send_row",
      "contact",
      "data_export",
      "dev_mailbox",
      "direct_link_code",
      "document_preview",
      "embed_token",
      "envelope",
      "envelope_document",
      "envelope_status_count",
      "envelope_tag",
      "field",
      "job",
      "login_code",
      "mail_outbox",
      "oidc_login_attempt",
      "passkey",
      "plan",
      "qes_authorization",
      "rate_limit_counter",
      "recipient",
      "recipient_delegation",
      "recipient_page_view",
      "recipient_verification_code",
      "request_nonce",
      "role",
      "signer_attachment",
      "sms_outbox",
      "sso_configuration",
      "sso_domain",
      "support_conversation",
      "support_message",
      "tag",
      "team",
      "team_branding",
      "team_embedding",
      "team_invitation",
      "team_mail_sender",
      "team_mail_text",
      "team_member",
      "team_retention",
      "team_subscription",
      "template_direct_link",
      "tunnel_session",
      "usage_counter",
      "usage_event",
      "user_session",
      "webauthn_challenge",
      "webhook_delivery",
      "webhook_endpoint",
      "webhook_endpoint_workspace",
      "workspace",
      "workspace_member",
    ]);
  });

  it("keeps a transaction's queries apart from queries issued outside it meanwhile", async () => {
    const { db } = database.connection;
    let releaseTransaction!: () => void;
    const transactionMayEnd = new Promise<void>((resolve) => {
      releaseTransaction = resolve;
    });
    let inserted!: () => void;
    const insertedInTransaction = new Promise<void>((resolve) => {
      inserted = resolve;
    });

    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("devMailbox")
          .values({ fromAddress: "a@x", toAddress: "b@x", subject: "inside", textBody: "-" })
          .execute();
        inserted();
        await transactionMayEnd;
        throw new Error("roll back");
      })
      .catch(() => "rolled back");
    await insertedInTransaction;
    // Issued while the transaction is open: must neither see its row nor be rolled back with it.
    const outside = db
      .insertInto("devMailbox")
      .values({ fromAddress: "a@x", toAddress: "b@x", subject: "outside", textBody: "-" })
      .execute();
    releaseTransaction();
    expect(await transaction).toBe("rolled back");
    await outside;

    const subjects = await db.selectFrom("devMailbox").select("subject").execute();
    expect(subjects.map((row) => row.subject)).toEqual(["outside"]);
    await db.deleteFrom("devMailbox").execute();
  });
});

/**
 * What the migrations make in the current schema, in a stable order: each column (type, default,
 * nullability), each index, constraint and function, and each trigger.
 */
async function schemaOf(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' '
           || coalesce(column_default, '-') || ' ' || is_nullable AS line
      FROM information_schema.columns WHERE table_schema = current_schema()
    UNION ALL
    SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = current_schema()
    UNION ALL
    SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' '
           || pg_get_constraintdef(c.oid)
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE n.nspname = current_schema()
    UNION ALL
    SELECT 'function ' || pg_get_functiondef(p.oid)
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = current_schema()
    UNION ALL
    SELECT 'trigger ' || pg_get_triggerdef(t.oid)
      FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = r.relnamespace
     WHERE n.nspname = current_schema() AND NOT t.tgisinternal
    ORDER BY line`.execute(db);
  return rows.map((row) => row.line);
}
