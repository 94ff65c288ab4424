import { sql, type Kysely } from "kysely";

/**
 * Invitations to join a team (spec §3 pending invitation, §4 invitations):
 * - `team_invitation`: the invitee's email, optional names, the role they will get, who invited
 *   them, the language of the mail, and the SHA-256 of the token mailed to them (never the token:
 *   it is 32 random bytes, so a hash is enough to find it and useless to replay). `sent_at` is the
 *   first sending, `last_sent_at` and `resent_count` the resends (each one replaces the token and
 *   moves `expires_at`). A pending invitation is a row; accepting or revoking deletes it. At most
 *   one pending invitation per email and team.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE team_invitation (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      email text NOT NULL,
      firstname text,
      lastname text,
      role_id uuid NOT NULL REFERENCES role (id) ON DELETE CASCADE,
      invited_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
      language text NOT NULL CONSTRAINT team_invitation_language_check CHECK (language IN ('en', 'fr')),
      token_hash bytea NOT NULL CONSTRAINT team_invitation_token_hash_unique UNIQUE,
      sent_at timestamptz NOT NULL,
      last_sent_at timestamptz NOT NULL,
      resent_count integer NOT NULL DEFAULT 0 CONSTRAINT team_invitation_resent_count_check CHECK (resent_count >= 0),
      expires_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CONSTRAINT team_invitation_team_email_unique UNIQUE (team_id, email)
    )`.execute(db);
  await sql`CREATE INDEX team_invitation_email_idx ON team_invitation (email)`.execute(db);
  await sql`CREATE INDEX team_invitation_role_idx ON team_invitation (role_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE team_invitation`.execute(db);
}
