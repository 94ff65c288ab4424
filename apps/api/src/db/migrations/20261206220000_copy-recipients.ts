import { sql, type Kysely } from "kysely";

/**
 * Recipients (and template roles) may be copies (`recipient.kind = 'cc'`): they never act and
 * receive the result on completion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipient
      DROP CONSTRAINT recipient_kind_check,
      ADD CONSTRAINT recipient_kind_check CHECK (kind IN ('signer', 'approver', 'cc'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM recipient WHERE kind = 'cc'`.execute(db);
  await sql`
    ALTER TABLE recipient
      DROP CONSTRAINT recipient_kind_check,
      ADD CONSTRAINT recipient_kind_check CHECK (kind IN ('signer', 'approver'))`.execute(db);
}
