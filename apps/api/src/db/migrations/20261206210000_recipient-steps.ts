import { sql, type Kysely } from "kysely";

/**
 * Recipients belong to numbered steps (`recipient.step`, from 1): the steps run in order, everyone
 * of a step at once, approvers of a step before its signers. The envelope's signing order gains
 * 'custom' (the sender numbers the steps); 'parallel' and 'sequential' stay as presets. Existing
 * envelopes and templates keep their order: in parallel order every recipient is in step 1 (the
 * approvers still before the signers); in sequential order the approvers by position, then the
 * signers by position, one step each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipient
      ADD COLUMN step integer NOT NULL DEFAULT 1
        CONSTRAINT recipient_step_check CHECK (step >= 1)`.execute(db);
  await sql`
    UPDATE recipient
    SET step = ranked.step
    FROM (
      SELECT recipient.id,
             row_number() OVER (
               PARTITION BY recipient.envelope_id
               ORDER BY CASE WHEN recipient.kind = 'approver' THEN 0 ELSE 1 END, recipient.position
             ) AS step
      FROM recipient
      JOIN envelope ON envelope.id = recipient.envelope_id
      WHERE envelope.signing_order = 'sequential'
    ) AS ranked
    WHERE recipient.id = ranked.id`.execute(db);
  await sql`
    ALTER TABLE envelope
      DROP CONSTRAINT envelope_signing_order_check,
      ADD CONSTRAINT envelope_signing_order_check
        CHECK (signing_order IN ('parallel', 'sequential', 'custom'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Custom steps have no older form: such envelopes go back to sequential order.
  await sql`UPDATE envelope SET signing_order = 'sequential' WHERE signing_order = 'custom'`.execute(
    db,
  );
  await sql`
    ALTER TABLE envelope
      DROP CONSTRAINT envelope_signing_order_check,
      ADD CONSTRAINT envelope_signing_order_check
        CHECK (signing_order IN ('parallel', 'sequential'))`.execute(db);
  await sql`ALTER TABLE recipient DROP COLUMN step`.execute(db);
}
