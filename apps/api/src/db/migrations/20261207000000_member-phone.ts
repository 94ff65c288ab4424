import { sql, type Kysely } from "kysely";

/**
 * A member's phone number in the team's members table is the membership's own
 * (`team_member.phone`): the team's Owner and Admins edit it there without writing the person's
 * account, whose phone only the person sets. Existing memberships start with the account's number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE team_member ADD COLUMN phone text`.execute(db);
  await sql`
    UPDATE team_member SET phone = app_user.phone
      FROM app_user WHERE app_user.id = team_member.user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE team_member DROP COLUMN phone`.execute(db);
}
