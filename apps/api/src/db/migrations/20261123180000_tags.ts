import { sql, type Kysely } from "kysely";

/**
 * Tags of a team (`tag`: name unique in the team regardless of case, colour) and the tags set on
 * envelopes (`envelope_tag`, gone with the envelope or the tag).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tag (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      name text NOT NULL CONSTRAINT tag_name_check CHECK (length(name) BETWEEN 1 AND 50),
      color text NOT NULL CONSTRAINT tag_color_check CHECK (color ~ '^#[0-9a-f]{6}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX tag_team_name_unique ON tag (team_id, lower(name))`.execute(db);
  await sql`
    CREATE TABLE envelope_tag (
      envelope_id uuid NOT NULL REFERENCES envelope (id) ON DELETE CASCADE,
      tag_id uuid NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
      PRIMARY KEY (envelope_id, tag_id)
    )`.execute(db);
  await sql`CREATE INDEX envelope_tag_tag_idx ON envelope_tag (tag_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE envelope_tag`.execute(db);
  await sql`DROP TABLE tag`.execute(db);
}
