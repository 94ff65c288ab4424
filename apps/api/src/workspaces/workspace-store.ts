import type { Kysely } from "kysely";
import type { Database, WorkspaceRow } from "../db/database";

/*
 * The one place that loads workspace rows (and the contacts they hold) to change them: each loader
 * takes the row locks (SELECT ... FOR UPDATE) inside the caller's transaction. Workspaces are
 * locked in id order, so two commands on the same pair of workspaces queue up instead of
 * deadlocking.
 */

/** The team's workspaces among `ids`, locked for the rest of the transaction, in id order. */
export async function lockWorkspaceRows(
  trx: Kysely<Database>,
  teamId: string,
  ids: readonly string[],
): Promise<WorkspaceRow[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom("workspace")
    .selectAll()
    .where("teamId", "=", teamId)
    .where("id", "in", [...new Set(ids)])
    .orderBy("id")
    .forUpdate()
    .execute();
}

/** The team's default workspace, locked; undefined when the team has none. */
export async function lockDefaultWorkspace(
  trx: Kysely<Database>,
  teamId: string,
): Promise<WorkspaceRow | undefined> {
  return trx
    .selectFrom("workspace")
    .selectAll()
    .where("teamId", "=", teamId)
    .where("isDefault", "=", true)
    .forUpdate()
    .executeTakeFirst();
}

/** The members of the workspace, locked (adding and removing members queue up on them). */
export async function lockWorkspaceMembers(
  trx: Kysely<Database>,
  workspaceId: string,
): Promise<{ userId: string }[]> {
  return trx
    .selectFrom("workspaceMember")
    .select("userId")
    .where("workspaceId", "=", workspaceId)
    .orderBy("userId")
    .forUpdate()
    .execute();
}

/** The contacts of the workspace, locked: their email and id. */
export async function lockContactsOfWorkspace(
  trx: Kysely<Database>,
  workspaceId: string,
): Promise<{ id: string; email: string }[]> {
  return trx
    .selectFrom("contact")
    .select(["id", "email"])
    .where("workspaceId", "=", workspaceId)
    .orderBy("id")
    .forUpdate()
    .execute();
}
