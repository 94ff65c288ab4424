import { sql, type Kysely } from "kysely";

/**
 * Envelope counts by status, kept up to date as envelopes change (issue 17, the dashboard at
 * scale): `envelope_status_count` holds, for each team, workspace, owner and status, how many
 * envelopes (not templates) are there. The dashboard sums these rows instead of counting every
 * visible envelope, so its cost no longer grows with the envelopes.
 *
 * The rows are written by triggers on `envelope`, in the transaction of the change, so every write
 * is counted whichever code path or cascade makes it (a team's deletion, a bulk insert): inserts
 * and deletes once per statement from its transition table (its net change per key), updates per
 * row and only when they change a counted column (status, workspace, owner, team, kind), so the
 * many updates that change none (activity head, title, dates) run no trigger. Each change is an
 * `INSERT ... ON CONFLICT DO UPDATE` of the key, keys taken in a fixed order so that concurrent
 * transactions lock them in the same order; a key that falls to zero loses its row. No foreign
 * key: the counts of a deleted team or workspace fall to zero with the envelopes' deletion.
 *
 * Backfilled from the existing envelopes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE envelope_status_count (
      team_id uuid NOT NULL,
      workspace_id uuid NOT NULL,
      owner_user_id uuid NOT NULL,
      status text NOT NULL,
      count bigint NOT NULL,
      PRIMARY KEY (team_id, workspace_id, owner_user_id, status)
    )`.execute(db);
  // Inserts and deletes are counted once per statement (a bulk insert adds one count per key),
  // from the statement's transition table: its net change per key, added in key order; a key
  // that falls to zero loses its row.
  await sql`
    CREATE FUNCTION envelope_status_count_apply() RETURNS trigger
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO envelope_status_count AS c (team_id, workspace_id, owner_user_id, status, count)
          SELECT n.team_id, n.workspace_id, n.owner_user_id, n.status, count(*)
          FROM new_rows n WHERE n.kind = 'envelope'
          GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ON CONFLICT (team_id, workspace_id, owner_user_id, status)
          DO UPDATE SET count = c.count + EXCLUDED.count;
        RETURN NULL;
      END IF;
      IF TG_OP = 'DELETE' THEN
        INSERT INTO envelope_status_count AS c (team_id, workspace_id, owner_user_id, status, count)
          SELECT o.team_id, o.workspace_id, o.owner_user_id, o.status, -count(*)
          FROM old_rows o WHERE o.kind = 'envelope'
          GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ON CONFLICT (team_id, workspace_id, owner_user_id, status)
          DO UPDATE SET count = c.count + EXCLUDED.count;
        DELETE FROM envelope_status_count c
          USING (SELECT DISTINCT team_id, workspace_id, owner_user_id, status FROM old_rows) o
          WHERE c.count = 0 AND c.team_id = o.team_id AND c.workspace_id = o.workspace_id
            AND c.owner_user_id = o.owner_user_id AND c.status = o.status;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // An update is counted row by row, and only when it changes a counted column (the trigger's WHEN
  // clause): most updates (the activity head, the title, updated_at) run no trigger at all. The
  // two keys are locked in key order.
  await sql`
    CREATE FUNCTION envelope_status_count_move() RETURNS trigger
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    DECLARE
      change record;
    BEGIN
      FOR change IN
        SELECT * FROM (
          SELECT OLD.team_id, OLD.workspace_id, OLD.owner_user_id, OLD.status, -1 AS delta
          WHERE OLD.kind = 'envelope'
          UNION ALL
          SELECT NEW.team_id, NEW.workspace_id, NEW.owner_user_id, NEW.status, 1 AS delta
          WHERE NEW.kind = 'envelope'
        ) AS keys ORDER BY 1, 2, 3, 4
      LOOP
        INSERT INTO envelope_status_count AS c (team_id, workspace_id, owner_user_id, status, count)
          VALUES (change.team_id, change.workspace_id, change.owner_user_id, change.status, change.delta)
          ON CONFLICT (team_id, workspace_id, owner_user_id, status)
          DO UPDATE SET count = c.count + EXCLUDED.count;
        IF change.delta < 0 THEN
          DELETE FROM envelope_status_count c
            WHERE c.count = 0 AND c.team_id = change.team_id AND c.workspace_id = change.workspace_id
              AND c.owner_user_id = change.owner_user_id AND c.status = change.status;
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER envelope_status_count_update AFTER UPDATE ON envelope FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.workspace_id IS DISTINCT FROM NEW.workspace_id
      OR OLD.owner_user_id IS DISTINCT FROM NEW.owner_user_id OR OLD.team_id IS DISTINCT FROM NEW.team_id
      OR OLD.kind IS DISTINCT FROM NEW.kind)
    EXECUTE FUNCTION envelope_status_count_move()`.execute(db);
  for (const [event, transition] of [
    ["INSERT", "NEW TABLE AS new_rows"],
    ["DELETE", "OLD TABLE AS old_rows"],
  ] as const) {
    await sql
      .raw(
        `CREATE TRIGGER envelope_status_count_${event.toLowerCase()} AFTER ${event} ON envelope
         REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION envelope_status_count_apply()`,
      )
      .execute(db);
  }
  await sql`
    INSERT INTO envelope_status_count (team_id, workspace_id, owner_user_id, status, count)
      SELECT team_id, workspace_id, owner_user_id, status, count(*)
      FROM envelope WHERE kind = 'envelope'
      GROUP BY 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ["insert", "update", "delete"]) {
    await sql.raw(`DROP TRIGGER envelope_status_count_${event} ON envelope`).execute(db);
  }
  await sql`DROP FUNCTION envelope_status_count_move()`.execute(db);
  await sql`DROP FUNCTION envelope_status_count_apply()`.execute(db);
  await sql`DROP TABLE envelope_status_count`.execute(db);
}
