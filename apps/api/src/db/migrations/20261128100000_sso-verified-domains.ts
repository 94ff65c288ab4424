import { sql, type Kysely } from "kysely";

/**
 * Single sign-on signs in only what the team owns (issue 25, sections 1 and 4):
 * - `sso_domain`: the email domains a team claims for single sign-on, each with the random token
 *   of its DNS TXT record and the time it was proven; a domain is verified by one team at most
 *   (a unique index over the verified rows).
 * - `sso_configuration.updated_by_user_id`: the member who last saved the configuration; single
 *   sign-on never opens the account of a member whose role holds more than theirs.
 * - `oidc_login_attempt.browser_binding_hash`: the SHA-256 of a random value kept by the browser
 *   that started the login; the callback must present it (login CSRF). Attempts started before
 *   have none and are dropped (they live ten minutes).
 * - `app_user.email_verified_at`: when Paraphe itself proved the email (a sign-in code); accounts
 *   that signed in with a code before get the time of their first such session.
 * - `user_session.email_proven` and `passkey.email_proven`: whether the session (or the session
 *   that registered the passkey) rests on an email Paraphe proved; only such sessions reach the
 *   signing requests of their email in other teams. Code sessions are; passkeys and their
 *   sessions are when the account's email was proven and no single sign-on session of the account
 *   came before the passkey.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sso_domain (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      domain text NOT NULL,
      token text NOT NULL,
      verified_at timestamptz,
      created_at timestamptz NOT NULL,
      CONSTRAINT sso_domain_team_domain_unique UNIQUE (team_id, domain)
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX sso_domain_verified_unique ON sso_domain (domain)
    WHERE verified_at IS NOT NULL`.execute(db);
  await sql`
    ALTER TABLE sso_configuration
      ADD COLUMN updated_by_user_id uuid REFERENCES app_user (id) ON DELETE SET NULL`.execute(db);
  await sql`DELETE FROM oidc_login_attempt`.execute(db);
  await sql`ALTER TABLE oidc_login_attempt ADD COLUMN browser_binding_hash bytea NOT NULL`.execute(
    db,
  );
  await sql`ALTER TABLE app_user ADD COLUMN email_verified_at timestamptz`.execute(db);
  await sql`
    UPDATE app_user SET email_verified_at = proven.at
    FROM (
      SELECT user_id, min(created_at) AS at FROM user_session WHERE method = 'code' GROUP BY user_id
    ) AS proven
    WHERE proven.user_id = app_user.id`.execute(db);
  await sql`
    ALTER TABLE user_session ADD COLUMN email_proven boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE passkey ADD COLUMN email_proven boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    UPDATE passkey SET email_proven = true
    FROM app_user
    WHERE app_user.id = passkey.user_id
      AND app_user.email_verified_at IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM user_session
        WHERE user_session.user_id = passkey.user_id
          AND user_session.method = 'oidc'
          AND user_session.created_at <= passkey.created_at
      )`.execute(db);
  await sql`UPDATE user_session SET email_proven = true WHERE method = 'code'`.execute(db);
  await sql`
    UPDATE user_session SET email_proven = true
    FROM app_user
    WHERE user_session.method = 'passkey'
      AND app_user.id = user_session.user_id
      AND EXISTS (
        SELECT 1 FROM passkey WHERE passkey.user_id = app_user.id AND passkey.email_proven
      )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE passkey DROP COLUMN email_proven`.execute(db);
  await sql`ALTER TABLE user_session DROP COLUMN email_proven`.execute(db);
  await sql`ALTER TABLE app_user DROP COLUMN email_verified_at`.execute(db);
  await sql`ALTER TABLE oidc_login_attempt DROP COLUMN browser_binding_hash`.execute(db);
  await sql`ALTER TABLE sso_configuration DROP COLUMN updated_by_user_id`.execute(db);
  await sql`DROP TABLE sso_domain`.execute(db);
}
