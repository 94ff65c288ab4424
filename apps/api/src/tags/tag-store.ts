import type { Kysely } from "kysely";
import type { Database, TagRow } from "../db/database";
import { lockTeamRow, lockTeamRows } from "../db/team-rows";

/** The team's tag, locked for the rest of the transaction; undefined when it does not exist. */
export async function lockTagRow(
  trx: Kysely<Database>,
  teamId: string,
  tagId: string,
): Promise<TagRow | undefined> {
  return lockTeamRow(trx, "tag", teamId, tagId, "update");
}

/** The team's tags among `ids`, locked (share mode: they may not go while set on an envelope). */
export async function lockTagsForShare(
  trx: Kysely<Database>,
  teamId: string,
  ids: readonly string[],
): Promise<TagRow[]> {
  return lockTeamRows(trx, "tag", teamId, ids, "share");
}
