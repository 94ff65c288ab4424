import { sql, type Kysely } from "kysely";

/**
 * Direct template links (`/d/<token>` on the signing site): at most one per template, for one of
 * its signer roles, the other roles' people chosen when the link is made (`others`, by role id).
 * Only the SHA-256 of the token is kept; rotating it replaces the hash, so the old link stops.
 * `direct_link_code` keeps the codes mailed to visitors (an HMAC only, the visitor's name and
 * address, the wrong tries), which go with their link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE template_direct_link (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      template_id uuid NOT NULL UNIQUE REFERENCES envelope (id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      role_id uuid NOT NULL REFERENCES recipient (id) ON DELETE CASCADE,
      others jsonb NOT NULL DEFAULT '[]',
      token_hash text NOT NULL UNIQUE,
      enabled boolean NOT NULL DEFAULT true,
      max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
      uses_per_hour integer NOT NULL CHECK (uses_per_hour > 0),
      uses integer NOT NULL DEFAULT 0,
      created_by_user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE direct_link_code (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      link_id uuid NOT NULL REFERENCES template_direct_link (id) ON DELETE CASCADE,
      email text NOT NULL,
      firstname text NOT NULL,
      lastname text NOT NULL,
      code_hash bytea NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      consumed_at timestamptz
    )`.execute(db);
  await sql`
    CREATE INDEX direct_link_code_link_email_idx
      ON direct_link_code (link_id, email, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE direct_link_code`.execute(db);
  await sql`DROP TABLE template_direct_link`.execute(db);
}
