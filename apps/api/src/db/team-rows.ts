import type { Kysely, Selectable } from "kysely";
import type { Database } from "./database";

/** The tables whose rows belong to one team: an `id` and a `teamId`. */
export type TeamTable = {
  [K in keyof Database]: Database[K] extends { id: unknown; teamId: unknown } ? K : never;
}[keyof Database];

/**
 * `update` (SELECT ... FOR UPDATE): the caller changes or deletes the rows, other writers queue up.
 * `share` (FOR SHARE): the rows may not change or go before the transaction ends, while other
 * holders do not queue up.
 */
export type RowLock = "update" | "share";

/** What the locking queries need of a team table, whichever it is. */
type AnyTeamTables = Record<TeamTable, { id: string; teamId: string }>;

/**
 * The team's row `id` of `table`, locked for the rest of the transaction; undefined when it does
 * not exist or belongs to another team.
 */
export async function lockTeamRow<T extends TeamTable>(
  trx: Kysely<Database>,
  table: T,
  teamId: string,
  id: string,
  lock: RowLock,
): Promise<Selectable<Database[T]> | undefined> {
  const query = (trx as unknown as Kysely<AnyTeamTables>)
    .selectFrom(table as TeamTable)
    .selectAll()
    .where("teamId", "=", teamId)
    .where("id", "=", id);
  const row = await (lock === "update" ? query.forUpdate() : query.forShare()).executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/**
 * The team's rows of `table` among `ids` (the others left out), locked for the rest of the
 * transaction in id order, so that two commands locking the same rows queue up instead of
 * deadlocking.
 */
export async function lockTeamRows<T extends TeamTable>(
  trx: Kysely<Database>,
  table: T,
  teamId: string,
  ids: readonly string[],
  lock: RowLock,
): Promise<Selectable<Database[T]>[]> {
  if (ids.length === 0) return [];
  const query = (trx as unknown as Kysely<AnyTeamTables>)
    .selectFrom(table as TeamTable)
    .selectAll()
    .where("teamId", "=", teamId)
    .where("id", "in", [...new Set(ids)])
    .orderBy("id");
  const rows = await (lock === "update" ? query.forUpdate() : query.forShare()).execute();
  return rows as Selectable<Database[T]>[];
}
