import { sql, type Kysely } from "kysely";

/**
 * The activity chain becomes keyed (HMAC-SHA-256 under a key derived from the master key). A
 * migration has no key: existing events are marked `keyed = false`, and the api re-keys their
 * chains at start (`rekeyLegacyChains`), after checking them, recording when (`rekeyed_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE activity_event ADD COLUMN keyed boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE activity_event ALTER COLUMN keyed SET DEFAULT true`.execute(db);
  await sql`ALTER TABLE activity_event ADD COLUMN rekeyed_at timestamptz`.execute(db);
  await sql`CREATE INDEX activity_event_unkeyed_idx ON activity_event (envelope_id) WHERE NOT keyed`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX activity_event_unkeyed_idx`.execute(db);
  await sql`ALTER TABLE activity_event DROP COLUMN rekeyed_at`.execute(db);
  await sql`ALTER TABLE activity_event DROP COLUMN keyed`.execute(db);
}
