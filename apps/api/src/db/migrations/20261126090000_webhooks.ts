import { sql, type Kysely } from "kysely";

/**
 * Webhooks (issue 13):
 * - `webhook_endpoint`: a team's endpoints (at most 10 per team, checked by the service): the URL,
 *   the events it subscribes to (a JSON array of event types), its signing secret sealed
 *   (AES-256-GCM under a key derived from the master key: it must be read back to sign each
 *   delivery, so it is encrypted, never stored readable), whether it is enabled, and dates.
 * - `webhook_delivery`: one event for one endpoint, written in the transaction of the change that
 *   causes it (outbox): the exact body that is signed and sent (bounded), its state (pending,
 *   delivered, failed), the attempts made, the last error and HTTP status, when the next attempt is
 *   due, and the delivery it replays. Each attempt is one `deliver-webhook` job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhook_endpoint (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
      url text NOT NULL CHECK (char_length(url) <= 2048),
      events jsonb NOT NULL,
      secret_sealed text NOT NULL,
      secret_created_at timestamptz NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX webhook_endpoint_team_idx ON webhook_endpoint (team_id, created_at)`.execute(
    db,
  );
  await sql`
    CREATE TABLE webhook_delivery (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      payload text NOT NULL CHECK (octet_length(payload) <= 16384),
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      last_response_status integer,
      next_attempt_at timestamptz,
      delivered_at timestamptz,
      replay_of_id uuid REFERENCES webhook_delivery (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE INDEX webhook_delivery_log_idx
      ON webhook_delivery (endpoint_id, created_at DESC, id DESC)`.execute(db);
  await sql`
    CREATE INDEX webhook_delivery_pending_idx
      ON webhook_delivery (status) WHERE status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webhook_delivery`.execute(db);
  await sql`DROP TABLE webhook_endpoint`.execute(db);
}
