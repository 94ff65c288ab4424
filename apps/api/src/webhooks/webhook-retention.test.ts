import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../test/databases";
import { pruneWebhookDeliveries, WEBHOOK_DELIVERY_RETENTION_DAYS } from "./webhook-retention";

const DAY_MS = 24 * 60 * 60_000;

describe.each(testDatabaseKinds)("the webhook delivery log's retention on %s", (kind) => {
  let database: TestDatabase;
  let endpointId: string;
  const now = Date.parse("2026-11-26T12:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database.connection;
    const team = await db
      .insertInto("team")
      .values({ name: "Retention team" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const endpoint = await sql<{ id: string }>`
      INSERT INTO webhook_endpoint (team_id, url, events, secret_sealed, secret_created_at, created_at, updated_at)
      VALUES (${team.id}, 'https://hooks.example.com/paraphe', '["envelope.sent"]'::jsonb, 'sealed', now(), now(), now())
      RETURNING id`.execute(db);
    endpointId = endpoint.rows[0]?.id ?? "";
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function delivery(status: string, endedDaysAgo: number): Promise<string> {
    const at = new Date(now - endedDaysAgo * DAY_MS).toISOString();
    const row = await sql<{ id: string }>`
      INSERT INTO webhook_delivery (endpoint_id, event_id, event_type, payload, status, created_at, updated_at)
      VALUES (${endpointId}, gen_random_uuid(), 'envelope.sent', '{}', ${status}, ${at}::timestamptz, ${at}::timestamptz)
      RETURNING id`.execute(database.connection.db);
    return row.rows[0]?.id ?? "";
  }

  it("removes the deliveries that ended more than the retention ago and keeps pending and recent ones", async () => {
    const old = WEBHOOK_DELIVERY_RETENTION_DAYS + 1;
    const oldDelivered = await delivery("delivered", old);
    const oldFailed = await delivery("failed", old);
    const oldPending = await delivery("pending", old);
    const recentDelivered = await delivery("delivered", WEBHOOK_DELIVERY_RETENTION_DAYS - 1);
    const replay = await delivery("delivered", 1);
    await sql`UPDATE webhook_delivery SET replay_of_id = ${oldDelivered} WHERE id = ${replay}`.execute(
      database.connection.db,
    );

    expect(await pruneWebhookDeliveries(database.connection.db, now)).toBe(2);

    const left = await database.connection.db
      .selectFrom("webhookDelivery")
      .select(["id", "replayOfId"])
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([oldPending, recentDelivered, replay].sort());
    expect(left.find((row) => row.id === replay)?.replayOfId).toBeNull();
    expect(left.map((row) => row.id)).not.toContain(oldFailed);
    // Nothing more to remove: a second prune removes nothing.
    expect(await pruneWebhookDeliveries(database.connection.db, now)).toBe(0);
  });
});
