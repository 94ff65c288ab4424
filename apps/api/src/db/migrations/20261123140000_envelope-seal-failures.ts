import { sql, type Kysely } from "kysely";

/**
 * Seal jobs that give up: `envelope.seal_failed_at` and `seal_error` record that the seal-envelope
 * job stopped after its last attempt (and why, for the log and the sender), so that the start-up
 * sweep does not resume it and the sender can retry it (`POST /envelope/retry-seal`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE envelope ADD COLUMN seal_failed_at timestamptz`.execute(db);
  await sql`ALTER TABLE envelope ADD COLUMN seal_error text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE envelope DROP COLUMN seal_error`.execute(db);
  await sql`ALTER TABLE envelope DROP COLUMN seal_failed_at`.execute(db);
}
