import { sql, type Kysely } from "kysely";

/**
 * Verified signers by SMS: `recipient.verification` may be 'sms_code' (a 6-digit code sent by
 * SMS to the recipient's phone). A code remembers its channel and, for an SMS, the number it went
 * to (`recipient_verification_code.channel`, `.phone`). The SMS waiting to go live in
 * `sms_outbox` (the body sealed like a mail's, the number readable), each delivered by a
 * `send-sms` job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipient DROP CONSTRAINT recipient_verification_check`.execute(db);
  await sql`
    ALTER TABLE recipient ADD CONSTRAINT recipient_verification_check
      CHECK (verification IN ('none', 'email_code', 'sms_code'))`.execute(db);
  await sql`
    ALTER TABLE recipient_verification_code
      ADD COLUMN channel text NOT NULL DEFAULT 'email'
        CONSTRAINT recipient_verification_code_channel_check CHECK (channel IN ('email', 'sms')),
      ADD COLUMN phone text`.execute(db);
  await sql`
    CREATE TABLE sms_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      to_phone text NOT NULL,
      body text NOT NULL,
      locale text,
      message_id text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sms_outbox`.execute(db);
  await sql`ALTER TABLE recipient_verification_code DROP COLUMN channel, DROP COLUMN phone`.execute(
    db,
  );
  await sql`UPDATE recipient SET verification = 'none' WHERE verification = 'sms_code'`.execute(db);
  await sql`ALTER TABLE recipient DROP CONSTRAINT recipient_verification_check`.execute(db);
  await sql`
    ALTER TABLE recipient ADD CONSTRAINT recipient_verification_check
      CHECK (verification IN ('none', 'email_code'))`.execute(db);
}
