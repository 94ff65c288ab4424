import { sql, type Kysely } from "kysely";

/**
 * When the sender was last mailed that a signer could not open the envelope because an original
 * file is missing from the file store (`envelope.original_missing_noticed_at`): at most once a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE envelope ADD COLUMN original_missing_noticed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE envelope DROP COLUMN original_missing_noticed_at`.execute(db);
}
