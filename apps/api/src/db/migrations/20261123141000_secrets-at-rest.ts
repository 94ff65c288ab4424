import { sql, type Kysely } from "kysely";

/**
 * No secret readable from a database dump:
 * - recipients keep the SHA-256 of their link token (`link_token_hash`) and a link version, not the
 *   token; existing tokens are hashed in place (version 0), so links already mailed keep working;
 * - mail bodies are stored sealed from now on (`mail/body-sealing.ts`); a migration has no key to
 *   seal the bodies already stored, so those of delivered or failed mail, and every body of the
 *   development mailbox, are cleared (recipient, subject and status stay for the log). Mail still
 *   waiting is sent as it is, and its body cleared once sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipient ADD COLUMN link_token_hash text`.execute(db);
  await sql`ALTER TABLE recipient ADD COLUMN link_version integer NOT NULL DEFAULT 1`.execute(db);
  await sql`
    UPDATE recipient
    SET link_token_hash = encode(sha256(convert_to(link_token, 'UTF8')), 'hex'), link_version = 0
  `.execute(db);
  await sql`ALTER TABLE recipient ALTER COLUMN link_token_hash SET NOT NULL`.execute(db);
  await sql`ALTER TABLE recipient DROP COLUMN link_token`.execute(db);
  await sql`ALTER TABLE recipient ADD CONSTRAINT recipient_link_token_hash_unique UNIQUE (link_token_hash)`.execute(
    db,
  );
  await sql`UPDATE mail_outbox SET text_body = '', html_body = NULL WHERE status IN ('sent', 'failed')`.execute(
    db,
  );
  await sql`UPDATE dev_mailbox SET text_body = '', html_body = NULL`.execute(db);
}

/** Tokens cannot be recovered from their hashes: after a rollback, every mailed link is invalid. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipient ADD COLUMN link_token text`.execute(db);
  await sql`UPDATE recipient SET link_token = link_token_hash`.execute(db);
  await sql`ALTER TABLE recipient ALTER COLUMN link_token SET NOT NULL`.execute(db);
  await sql`ALTER TABLE recipient ADD CONSTRAINT recipient_link_token_unique UNIQUE (link_token)`.execute(
    db,
  );
  await sql`ALTER TABLE recipient DROP COLUMN link_version`.execute(db);
  await sql`ALTER TABLE recipient DROP COLUMN link_token_hash`.execute(db);
}
