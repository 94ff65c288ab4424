import { sql, type Kysely } from "kysely";

/**
 * Envelope counts by status, kept up to date as envelopes change (issue 17, the dashboard at
 * scale): `envelope_status_count` holds, for each team, workspace, owner and status, how many
 * envelopes (not templates) are there. The dashboard sums these rows instead of counting every
 * visible envelope, so its cost no longer grows with the envelopes.
 *
 * The rows are written by statement-level triggers on `envelope` (insert, update, delete), in the
 * transaction of the change, from the statement's transition tables: every write is counted,
 * whichever code path or cascade makes it (a team's deletion, a bulk insert). Each statement adds
 * its net change per key (`INSERT ... ON CONFLICT DO UPDATE`, keys in a fixed order so that two
 * transactions lock them in the same order) and removes the rows that fall to zero. An update that
 * changes none of the counted columns adds nothing and locks nothing. No foreign key: the counts
 * of a deleted team or workspace fall to zero and go with the envelopes' deletion.
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
  // One function for the three triggers: a transition table exists only for the events that
  // have it, so each branch reads its own. The net change of the statement, per key, is added in
  // key order; a key that falls to zero loses its row.
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
        RETURN NULL;
      END IF;
      INSERT INTO envelope_status_count AS c (team_id, workspace_id, owner_user_id, status, count)
        SELECT change.team_id, change.workspace_id, change.owner_user_id, change.status,
               sum(change.delta)
        FROM (
          SELECT n.team_id, n.workspace_id, n.owner_user_id, n.status, 1 AS delta
          FROM new_rows n WHERE n.kind = 'envelope'
          UNION ALL
          SELECT o.team_id, o.workspace_id, o.owner_user_id, o.status, -1 AS delta
          FROM old_rows o WHERE o.kind = 'envelope'
        ) AS change
        GROUP BY 1, 2, 3, 4 HAVING sum(change.delta) <> 0 ORDER BY 1, 2, 3, 4
        ON CONFLICT (team_id, workspace_id, owner_user_id, status)
        DO UPDATE SET count = c.count + EXCLUDED.count;
      DELETE FROM envelope_status_count c
        USING (SELECT DISTINCT team_id, workspace_id, owner_user_id, status FROM old_rows) o
        WHERE c.count = 0 AND c.team_id = o.team_id AND c.workspace_id = o.workspace_id
          AND c.owner_user_id = o.owner_user_id AND c.status = o.status;
      RETURN NULL;
    END $$`.execute(db);
  for (const [event, transition] of [
    ["INSERT", "NEW TABLE AS new_rows"],
    ["UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"],
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
  await sql`DROP FUNCTION envelope_status_count_apply()`.execute(db);
  await sql`DROP TABLE envelope_status_count`.execute(db);
}
