import { sql, type Kysely } from "kysely";

/**
 * Data exports (issue 32): a person's export of their data, prepared by a job. The JSON file is
 * stored under `exports/<id>/`; the PDFs it lists are read from the envelopes' files when
 * downloaded. A row goes with its account, or once expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE data_export (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
      blob_key text,
      files jsonb NOT NULL DEFAULT '[]'::jsonb,
      truncated boolean NOT NULL DEFAULT false,
      requested_at timestamptz NOT NULL DEFAULT now(),
      ready_at timestamptz,
      expires_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX data_export_user_idx ON data_export (user_id, requested_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE data_export`.execute(db);
}
