import { sql, type Kysely } from "kysely";

/**
 * A team's branding (issue 33): what signers see of the team in mails, on the signing site and on
 * the proof's cover. One row per team, absent until the team saves some; the logo is a blob named
 * by `logo_key` (a new key per upload, so a served logo never changes under its name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE team_branding (
      team_id uuid PRIMARY KEY REFERENCES team(id) ON DELETE CASCADE,
      display_name text,
      color text CHECK (color ~ '^#[0-9a-f]{6}$'),
      footer text,
      website_url text CHECK (website_url LIKE 'https://%'),
      privacy_url text CHECK (privacy_url LIKE 'https://%'),
      show_powered_by boolean NOT NULL DEFAULT true,
      logo_key text,
      logo_content_type text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE team_branding`.execute(db);
}
