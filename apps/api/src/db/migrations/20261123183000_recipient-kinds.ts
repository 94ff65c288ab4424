import { sql, type Kysely } from "kysely";

/**
 * Recipients are signers or approvers (`recipient.kind`, 'signer' by default so that existing
 * recipients stay signers); approvers act before signers and record when they approved
 * (`recipient.approved_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipient
      ADD COLUMN kind text NOT NULL DEFAULT 'signer'
        CONSTRAINT recipient_kind_check CHECK (kind IN ('signer', 'approver')),
      ADD COLUMN approved_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipient DROP COLUMN approved_at, DROP COLUMN kind`.execute(db);
}
