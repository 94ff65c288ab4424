import { sql, type Kysely } from "kysely";

/**
 * Single sign-on with OpenID Connect (spec §3 SSO configuration, §2 `/auth/oidc`):
 * - `sso_configuration`: one per team; the identity provider's URLs, the client id, the client
 *   secret sealed (AES-256-GCM under a key derived from the master key; never stored readable),
 *   whether it is enabled, and the role a person joins with at their first login through it
 *   (null once that role is deleted: the managed Member role then).
 * - `oidc_login_attempt`: a login started and not yet finished: the SHA-256 of its `state` (the
 *   nonce and PKCE verifier are derived from the state, so nothing that finishes a login is stored
 *   readable), the email it started with, where to return, a short expiry and the time it was used
 *   (single use).
 * - sessions opened through single sign-on carry the method `oidc`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sso_configuration (
      team_id uuid PRIMARY KEY REFERENCES team (id) ON DELETE CASCADE,
      client_id text NOT NULL,
      client_secret_sealed text NOT NULL,
      issuer_url text NOT NULL,
      authorization_url text NOT NULL,
      token_url text NOT NULL,
      userinfo_url text NOT NULL,
      revocation_url text NOT NULL,
      jwks_url text NOT NULL,
      enabled boolean NOT NULL DEFAULT false,
      default_role_id uuid REFERENCES role (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE oidc_login_attempt (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      email text NOT NULL,
      state_hash bytea NOT NULL CONSTRAINT oidc_login_attempt_state_hash_unique UNIQUE,
      return_path text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX oidc_login_attempt_expires_at_idx ON oidc_login_attempt (expires_at)`.execute(
    db,
  );
  await sql`ALTER TABLE user_session DROP CONSTRAINT user_session_method_check`.execute(db);
  await sql`
    ALTER TABLE user_session ADD CONSTRAINT user_session_method_check
      CHECK (method IN ('code', 'passkey', 'oidc'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM user_session WHERE method = 'oidc'`.execute(db);
  await sql`ALTER TABLE user_session DROP CONSTRAINT user_session_method_check`.execute(db);
  await sql`
    ALTER TABLE user_session ADD CONSTRAINT user_session_method_check
      CHECK (method IN ('code', 'passkey'))`.execute(db);
  await sql`DROP TABLE oidc_login_attempt`.execute(db);
  await sql`DROP TABLE sso_configuration`.execute(db);
}
