import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";

/** Deletes, in `trx`, every job whose payload or dedupe key names one of `ids` (uuids). */
export async function deleteJobsNaming(
  trx: Kysely<Database>,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    DELETE FROM job
     WHERE EXISTS (
       SELECT 1 FROM regexp_matches(payload::text || ' ' || coalesce(dedupe_key, ''),
                                    '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
                                    'g') AS m(uuid)
        WHERE m.uuid[1] = ANY (${[...ids]}::text[]))`.execute(trx);
}
