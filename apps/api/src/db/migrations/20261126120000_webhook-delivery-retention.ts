import { sql, type Kysely } from "kysely";

/**
 * Webhook delivery retention (issue 13): the hourly prune removes the deliveries that ended more
 * than 30 days ago; this index lets it find them without reading the pending ones or the whole log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX webhook_delivery_ended_idx ON webhook_delivery (updated_at)
    WHERE status <> 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX webhook_delivery_ended_idx`.execute(db);
}
