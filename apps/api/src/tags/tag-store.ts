import type { Kysely } from "kysely";
import type { Database, TagRow } from "../db/database";

/** The team's tag, locked for the rest of the transaction; undefined when it does not exist. */
export async function lockTagRow(
  trx: Kysely<Database>,
  teamId: string,
  tagId: string,
): Promise<TagRow | undefined> {
  return trx
    .selectFrom("tag")
    .selectAll()
    .where("teamId", "=", teamId)
    .where("id", "=", tagId)
    .forUpdate()
    .executeTakeFirst();
}

/** The team's tags among `ids`, locked (share mode: they may not go while set on an envelope). */
export async function lockTagsForShare(
  trx: Kysely<Database>,
  teamId: string,
  ids: readonly string[],
): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom("tag")
    .selectAll()
    .where("teamId", "=", teamId)
    .where("id", "in", [...ids])
    .orderBy("id")
    .forShare()
    .execute();
}
