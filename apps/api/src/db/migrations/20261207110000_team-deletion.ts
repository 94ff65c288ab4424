import { sql, type Kysely } from "kysely";

/**
 * Team deletion (issue 32): `team.deletion_requested_at` marks a team its Owner deleted. Its
 * members lose access at once; the purge job deletes its files and rows in batches, the team's
 * row last, and the worker's sweep finds marked teams whose purge was interrupted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE team ADD COLUMN deletion_requested_at timestamptz`.execute(db);
  await sql`
    CREATE INDEX team_deletion_idx ON team (deletion_requested_at)
      WHERE deletion_requested_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX team_deletion_idx`.execute(db);
  await sql`ALTER TABLE team DROP COLUMN deletion_requested_at`.execute(db);
}
