import { sql, type Kysely } from "kysely";

/**
 * People and the credentials that sign their calls:
 * - `app_user`: one row per email that completed a login (spec §3 user profile);
 * - `user_session`: a session credential (spec §3 session). Its secret key is never stored: it is
 *   derived from the access key under a key derived from the master key, so a stolen database
 *   gives no usable credential; ending a session deletes nothing but sets `ended_at`;
 * - `request_nonce`: the RFC 9421 nonces seen inside the skew window, shared by api replicas.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE app_user (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL UNIQUE CONSTRAINT app_user_email_check CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
      firstname text,
      lastname text,
      phone text,
      preferred_language text NOT NULL DEFAULT 'en' CONSTRAINT app_user_language_check CHECK (preferred_language IN ('en', 'fr')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE user_session (
      access_key text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      ip_address text,
      platform text,
      user_agent text,
      method text NOT NULL CONSTRAINT user_session_method_check CHECK (method IN ('code', 'passkey')),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      ended_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX user_session_user_idx ON user_session (user_id) WHERE ended_at IS NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE request_nonce (
      key_id text NOT NULL,
      nonce text NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (key_id, nonce)
    )`.execute(db);
  await sql`CREATE INDEX request_nonce_expires_idx ON request_nonce (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE request_nonce`.execute(db);
  await sql`DROP TABLE user_session`.execute(db);
  await sql`DROP TABLE app_user`.execute(db);
}
