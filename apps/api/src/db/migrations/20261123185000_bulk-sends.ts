import { sql, type Kysely } from "kysely";

/**
 * Bulk sends from a template (issue 12): `bulk_send` (the team, the template, who started it from
 * where, the counts and whether the job is still running) and `bulk_send_row` (each row's input
 * and result: pending, ok with its envelope, or error with its reason). The workspace is the
 * template's (a deleted workspace moves its templates). A row's result is written in the
 * transaction that creates and sends its envelope, so a job that stops resumes at the first
 * pending row without sending one twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bulk_send (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      template_id uuid NOT NULL REFERENCES envelope (id) ON DELETE CASCADE,
      creator_user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      ip text,
      user_agent text,
      status text NOT NULL DEFAULT 'running'
        CONSTRAINT bulk_send_status_check CHECK (status IN ('running', 'done')),
      total integer NOT NULL CONSTRAINT bulk_send_total_check CHECK (total BETWEEN 1 AND 500),
      sent_count integer NOT NULL DEFAULT 0,
      error_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX bulk_send_team_idx ON bulk_send (team_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX bulk_send_template_idx ON bulk_send (template_id)`.execute(db);
  await sql`
    CREATE TABLE bulk_send_row (
      bulk_send_id uuid NOT NULL REFERENCES bulk_send (id) ON DELETE CASCADE,
      row_index integer NOT NULL CONSTRAINT bulk_send_row_index_check CHECK (row_index >= 1),
      input jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending'
        CONSTRAINT bulk_send_row_status_check CHECK (status IN ('pending', 'ok', 'error')),
      envelope_id uuid REFERENCES envelope (id) ON DELETE SET NULL,
      reason text,
      PRIMARY KEY (bulk_send_id, row_index)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bulk_send_row`.execute(db);
  await sql`DROP TABLE bulk_send`.execute(db);
}
