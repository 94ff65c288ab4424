import { sql, type Kysely } from "kysely";

/**
 * Retention (issue 32):
 * - `team_retention`: a team's retention policy, absent while it is off: the files of its ended
 *   envelopes are deleted `days` days after they ended, the documents only or everything.
 * - `envelope.documents_deleted_at`: when the policy deleted an envelope's documents.
 * - the usage log's `retention_deleted` events, and an index of ended envelopes by team for the
 *   daily pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE team_retention (
      team_id uuid PRIMARY KEY REFERENCES team (id) ON DELETE CASCADE,
      days integer NOT NULL CHECK (days BETWEEN 30 AND 3650),
      scope text NOT NULL CHECK (scope IN ('documents', 'everything')),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`ALTER TABLE envelope ADD COLUMN documents_deleted_at timestamptz`.execute(db);
  await sql`
    CREATE INDEX envelope_retention_idx ON envelope (team_id, status)
      WHERE kind = 'envelope' AND status IN ('complete', 'declined', 'canceled')`.execute(db);
  await sql`ALTER TABLE usage_event DROP CONSTRAINT usage_event_type_check`.execute(db);
  await sql`
    ALTER TABLE usage_event ADD CONSTRAINT usage_event_type_check
      CHECK (type IN ('envelope_sent', 'api_credit', 'seat_added', 'plan_changed',
        'retention_deleted'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM usage_event WHERE type = 'retention_deleted'`.execute(db);
  await sql`ALTER TABLE usage_event DROP CONSTRAINT usage_event_type_check`.execute(db);
  await sql`
    ALTER TABLE usage_event ADD CONSTRAINT usage_event_type_check
      CHECK (type IN ('envelope_sent', 'api_credit', 'seat_added', 'plan_changed'))`.execute(db);
  await sql`DROP INDEX envelope_retention_idx`.execute(db);
  await sql`ALTER TABLE envelope DROP COLUMN documents_deleted_at`.execute(db);
  await sql`DROP TABLE team_retention`.execute(db);
}
