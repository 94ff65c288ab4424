import { sql, type Kysely } from "kysely";

/**
 * Qualified signatures (issue 31, QES): the OAuth 2.0 authorization a signer started at the
 * qualified provider, one per recipient at a time. Only a SHA-256 of its `state` and its PKCE
 * verifier sealed (AES-256-GCM, bound to the recipient) are kept, until the callback's code is
 * exchanged or ten minutes pass; the provider's tokens are never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE qes_authorization (
      recipient_id uuid PRIMARY KEY REFERENCES recipient (id) ON DELETE CASCADE,
      state_hash bytea NOT NULL,
      code_verifier text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE qes_authorization`.execute(db);
}
