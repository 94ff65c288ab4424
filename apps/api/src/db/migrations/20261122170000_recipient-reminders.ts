import { sql, type Kysely } from "kysely";

/**
 * Reminders and expiry of envelopes being signed (the envelope-deadlines job):
 * - `recipient.last_reminded_at`: when the newest reminder of a recipient was queued, set in the
 *   transaction of its outbox row, so that api replicas running the pass at once mail it once;
 * - an index of the envelopes being signed by expiry, which the pass reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipient ADD COLUMN last_reminded_at timestamptz`.execute(db);
  await sql`CREATE INDEX envelope_signing_expires_idx ON envelope (expires_at) WHERE status = 'signing'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX envelope_signing_expires_idx`.execute(db);
  await sql`ALTER TABLE recipient DROP COLUMN last_reminded_at`.execute(db);
}
