import { sql, type Kysely } from "kysely";

/**
 * Verified signers (email part): a recipient may have to pass a check before signing,
 * `recipient.verification` ('none' or 'email_code', 'none' for every existing recipient and role),
 * and `verified_at` keeps when they passed it. The codes mailed for the check live in
 * `recipient_verification_code`: only an HMAC of the code, the address it went to, its lifetime
 * and the wrong tries counted against it; they go with their recipient.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipient
      ADD COLUMN verification text NOT NULL DEFAULT 'none'
        CONSTRAINT recipient_verification_check CHECK (verification IN ('none', 'email_code')),
      ADD COLUMN verified_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE recipient_verification_code (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      recipient_id uuid NOT NULL REFERENCES recipient (id) ON DELETE CASCADE,
      email text NOT NULL,
      code_hash bytea NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      consumed_at timestamptz
    )`.execute(db);
  await sql`
    CREATE INDEX recipient_verification_code_recipient_idx
      ON recipient_verification_code (recipient_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE recipient_verification_code`.execute(db);
  await sql`ALTER TABLE recipient DROP COLUMN verification, DROP COLUMN verified_at`.execute(db);
}
