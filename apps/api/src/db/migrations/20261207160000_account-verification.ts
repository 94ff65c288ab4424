import { sql, type Kysely } from "kysely";

/**
 * Verified signers by their Paraphe account: `recipient.verification` may be 'account' (the signer
 * signs in to the account whose email is theirs). A code mailed to that account is a
 * `recipient_verification_code` of channel 'account'; a passkey challenge handed to a signer is a
 * `webauthn_challenge` of purpose 'signer_check', bound to its recipient (`recipient_id`, gone with
 * it) and to the account (`user_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipient DROP CONSTRAINT recipient_verification_check`.execute(db);
  await sql`
    ALTER TABLE recipient ADD CONSTRAINT recipient_verification_check
      CHECK (verification IN ('none', 'email_code', 'sms_code', 'account'))`.execute(db);
  await sql`
    ALTER TABLE recipient_verification_code
      DROP CONSTRAINT recipient_verification_code_channel_check`.execute(db);
  await sql`
    ALTER TABLE recipient_verification_code ADD CONSTRAINT recipient_verification_code_channel_check
      CHECK (channel IN ('email', 'sms', 'account'))`.execute(db);
  await sql`ALTER TABLE webauthn_challenge DROP CONSTRAINT webauthn_challenge_purpose_check`.execute(
    db,
  );
  await sql`
    ALTER TABLE webauthn_challenge
      ADD CONSTRAINT webauthn_challenge_purpose_check
        CHECK (purpose IN ('registration', 'authentication', 'signer_check')),
      ADD COLUMN recipient_id uuid REFERENCES recipient (id) ON DELETE CASCADE`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM webauthn_challenge WHERE purpose = 'signer_check'`.execute(db);
  await sql`ALTER TABLE webauthn_challenge DROP CONSTRAINT webauthn_challenge_purpose_check`.execute(
    db,
  );
  await sql`
    ALTER TABLE webauthn_challenge
      DROP COLUMN recipient_id,
      ADD CONSTRAINT webauthn_challenge_purpose_check
        CHECK (purpose IN ('registration', 'authentication'))`.execute(db);
  await sql`DELETE FROM recipient_verification_code WHERE channel = 'account'`.execute(db);
  await sql`
    ALTER TABLE recipient_verification_code
      DROP CONSTRAINT recipient_verification_code_channel_check`.execute(db);
  await sql`
    ALTER TABLE recipient_verification_code ADD CONSTRAINT recipient_verification_code_channel_check
      CHECK (channel IN ('email', 'sms'))`.execute(db);
  await sql`UPDATE recipient SET verification = 'none' WHERE verification = 'account'`.execute(db);
  await sql`ALTER TABLE recipient DROP CONSTRAINT recipient_verification_check`.execute(db);
  await sql`
    ALTER TABLE recipient ADD CONSTRAINT recipient_verification_check
      CHECK (verification IN ('none', 'email_code', 'sms_code'))`.execute(db);
}
