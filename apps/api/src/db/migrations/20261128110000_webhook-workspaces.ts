import { sql, type Kysely } from "kysely";

/**
 * Webhooks scoped to workspaces (issue 25, section 5):
 * - `webhook_endpoint.accountable_user_id`: the member whose rights bound what the endpoint
 *   receives (its creator, then whoever last changed it). An event of a workspace is delivered
 *   only while this member belongs to the endpoint's team and to that workspace, and their role
 *   reads it. Null once that account is gone: the endpoint then receives nothing.
 * - `webhook_endpoint.all_workspaces`: the endpoint covers every workspace its accountable member
 *   belongs to, at the time of each event; otherwise only those of `webhook_endpoint_workspace`,
 *   the ones it chose (a workspace's removal removes its rows: an endpoint left with none
 *   receives nothing, it never falls back to all).
 * - `webhook_delivery.workspace_id`: the workspace of the event, so that each attempt checks the
 *   rights again (null for deliveries recorded before this migration). No foreign key: once the
 *   workspace is gone, its pending deliveries fail instead of losing their scope.
 * Existing endpoints recorded no creator: they answer to the team's Owner who joined first, over
 * the workspaces that Owner belongs to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE webhook_endpoint
      ADD COLUMN accountable_user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
      ADD COLUMN all_workspaces boolean NOT NULL DEFAULT true`.execute(db);
  await sql`
    UPDATE webhook_endpoint e SET accountable_user_id = (
      SELECT m.user_id FROM team_member m JOIN role r ON r.id = m.role_id
      WHERE m.team_id = e.team_id AND r.origin = 'managed' AND r.name = 'Owner'
      ORDER BY m.joined_at, m.user_id LIMIT 1
    )`.execute(db);
  await sql`
    CREATE TABLE webhook_endpoint_workspace (
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
      workspace_id uuid NOT NULL REFERENCES workspace (id) ON DELETE CASCADE,
      PRIMARY KEY (endpoint_id, workspace_id)
    )`.execute(db);
  await sql`
    CREATE INDEX webhook_endpoint_workspace_workspace_idx
      ON webhook_endpoint_workspace (workspace_id)`.execute(db);
  await sql`
    ALTER TABLE webhook_delivery
      ADD COLUMN workspace_id uuid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_delivery DROP COLUMN workspace_id`.execute(db);
  await sql`DROP TABLE webhook_endpoint_workspace`.execute(db);
  await sql`
    ALTER TABLE webhook_endpoint DROP COLUMN all_workspaces, DROP COLUMN accountable_user_id`.execute(
    db,
  );
}
