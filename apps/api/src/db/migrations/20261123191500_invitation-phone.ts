import { sql, type Kysely } from "kysely";

/**
 * The phone number of a team invitation (the members CSV import's optional column), given to the
 * person who accepts it when their account has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE team_invitation ADD COLUMN phone text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE team_invitation DROP COLUMN phone`.execute(db);
}
