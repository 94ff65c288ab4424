import { sql, type Kysely } from "kysely";

/**
 * Embedded preparing (issue 30): `embed_token`, the short-lived tokens that open the document
 * editor for one draft envelope or one template in a frame. Only the SHA-256 of the access key is
 * kept (the secret key is derived from it and never stored). A token made with an API key dies
 * with the key; every token dies with its document, its creator's membership and its team.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE embed_token (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      access_key_hash text NOT NULL UNIQUE,
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      envelope_id uuid NOT NULL REFERENCES envelope (id) ON DELETE CASCADE,
      created_by_user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      api_key_id uuid REFERENCES api_key (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX embed_token_expires_at ON embed_token (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE embed_token`.execute(db);
}
