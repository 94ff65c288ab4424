import { sql, type Kysely } from "kysely";

/**
 * Team API keys (spec §3 Team API key, §6; architecture §7):
 * - `api_key`: a key of a team, its description (at most 128 characters), its access key (the
 *   public identifier it signs with), its permissions on templates only, its status (a revoked key
 *   stays revoked), the member who created it, and its dates. The secret key is not stored: like a
 *   session's, it is HMAC-SHA-256 of the access key under a key derived from the master key, so
 *   the database holds nothing that signs a call.
 * - `envelope.created_by_api_key_id`: the key that created an envelope from a template (the key
 *   reads the status of those envelopes only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_key (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 128),
      access_key text NOT NULL CONSTRAINT api_key_access_key_unique UNIQUE,
      permissions text[] NOT NULL
        CHECK (cardinality(permissions) BETWEEN 1 AND 5
          AND permissions <@ ARRAY['read', 'create', 'update', 'delete', 'manage']::text[]),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
      created_by_user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      revoked_at timestamptz,
      CHECK ((status = 'revoked') = (revoked_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX api_key_team_id_idx ON api_key (team_id, created_at DESC)`.execute(db);
  await sql`
    ALTER TABLE envelope
      ADD COLUMN created_by_api_key_id uuid REFERENCES api_key (id) ON DELETE SET NULL`.execute(db);
  await sql`
    CREATE INDEX envelope_created_by_api_key_id_idx ON envelope (created_by_api_key_id)
      WHERE created_by_api_key_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE envelope DROP COLUMN created_by_api_key_id`.execute(db);
  await sql`DROP TABLE api_key`.execute(db);
}
