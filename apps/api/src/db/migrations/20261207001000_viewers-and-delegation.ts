import { sql, type Kysely } from "kysely";

/**
 * Viewers and delegation.
 * - A recipient (or template role) may be a viewer (`kind = 'viewer'`): they read every page and
 *   mark the document read (`status = 'viewed'`, at `viewed_at`); they never sign.
 * - An envelope (or template) may allow its signers to delegate their turn
 *   (`allow_delegation`, off for every existing one).
 * - `recipient_delegation` keeps each delegation: who handed their turn to whom and why, and the
 *   hash of the link that stopped working, so that it answers "this link was delegated".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipient
      DROP CONSTRAINT recipient_kind_check,
      ADD CONSTRAINT recipient_kind_check
        CHECK (kind IN ('signer', 'approver', 'cc', 'viewer')),
      DROP CONSTRAINT recipient_status_check,
      ADD CONSTRAINT recipient_status_check
        CHECK (status IN ('pending', 'approved', 'signed', 'viewed', 'declined', 'canceled')),
      ADD COLUMN viewed_at timestamptz`.execute(db);
  await sql`
    ALTER TABLE envelope ADD COLUMN allow_delegation boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE recipient_delegation (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      envelope_id uuid NOT NULL REFERENCES envelope (id) ON DELETE CASCADE,
      recipient_id uuid NOT NULL REFERENCES recipient (id) ON DELETE CASCADE,
      old_link_token_hash text NOT NULL,
      from_email text NOT NULL,
      from_firstname text NOT NULL,
      from_lastname text NOT NULL,
      to_email text NOT NULL,
      to_firstname text NOT NULL,
      to_lastname text NOT NULL,
      reason text NOT NULL,
      delegated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE INDEX recipient_delegation_old_link_idx
      ON recipient_delegation (old_link_token_hash)`.execute(db);
  await sql`
    CREATE INDEX recipient_delegation_recipient_idx
      ON recipient_delegation (recipient_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE recipient_delegation`.execute(db);
  await sql`ALTER TABLE envelope DROP COLUMN allow_delegation`.execute(db);
  await sql`DELETE FROM recipient WHERE kind = 'viewer'`.execute(db);
  await sql`
    ALTER TABLE recipient
      DROP COLUMN viewed_at,
      DROP CONSTRAINT recipient_kind_check,
      ADD CONSTRAINT recipient_kind_check CHECK (kind IN ('signer', 'approver', 'cc')),
      DROP CONSTRAINT recipient_status_check,
      ADD CONSTRAINT recipient_status_check
        CHECK (status IN ('pending', 'approved', 'signed', 'declined', 'canceled'))`.execute(db);
}
