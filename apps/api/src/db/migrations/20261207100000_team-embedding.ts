import { sql, type Kysely } from "kysely";

/**
 * Embedded signing (issue 30): `team_embedding`, the origins a team allows to frame its signing
 * pages (at most 20, each a plain origin); absent while the team allows none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE team_embedding (
      team_id uuid PRIMARY KEY REFERENCES team (id) ON DELETE CASCADE,
      origins text[] NOT NULL CHECK (cardinality(origins) BETWEEN 1 AND 20),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE team_embedding`.execute(db);
}
