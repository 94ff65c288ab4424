import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  silentLogger,
  testDatabaseKinds,
  type TestDatabase,
} from "../test/databases";
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
      "dev_mailbox",
      "document_preview",
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
      "rate_limit_counter",
      "recipient",
      "recipient_page_view",
      "request_nonce",
      "role",
      "sso_configuration",
      "sso_domain",
      "support_conversation",
      "support_message",
      "tag",
      "team",
      "team_invitation",
      "team_member",
      "team_subscription",
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
