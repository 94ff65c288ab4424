import type { Kysely } from "kysely";
import type { Database, WorkspaceRow } from "../db/database";
import { lockTeamRow, lockTeamRows } from "../db/team-rows";
import { AppError } from "../errors/app-error";

/*
 * The one place that loads workspace rows (and the contacts they hold) to change them: each loader
 * takes the row locks (SELECT ... FOR UPDATE) inside the caller's transaction. Workspaces are
 * locked in id order, so two commands on the same pair of workspaces queue up instead of
 * deadlocking. A command that writes rows into a workspace (an envelope moved or uploaded there, a
 * contact saved there) holds that workspace first, before any envelope or contact lock, as the
 * delete does: workspace, then envelopes, then contacts.
 */

export const workspaceNotFound = (): AppError =>
  new AppError("NOT_FOUND", {
    message: "This workspace does not exist or you are not a member of it.",
  });

/**
 * Holds the team's workspace `workspaceId` (SELECT ... FOR SHARE) for the rest of the transaction,
 * so that it cannot be deleted before the rows the transaction writes into it are committed, while
 * other writers into it do not queue up; NOT_FOUND when it went meanwhile (a delete that committed
 * first), so the caller writes nothing. Take it before any envelope or contact lock.
 */
export async function holdWorkspaceRow(
  trx: Kysely<Database>,
  teamId: string,
  workspaceId: string,
): Promise<WorkspaceRow> {
  const row = await holdWorkspaceIfPresent(trx, teamId, workspaceId);
  if (row === undefined) throw workspaceNotFound();
  return row;
}

/** {@link holdWorkspaceRow}, answering undefined instead of NOT_FOUND when it went meanwhile. */
export async function holdWorkspaceIfPresent(
  trx: Kysely<Database>,
  teamId: string,
  workspaceId: string,
): Promise<WorkspaceRow | undefined> {
  return lockTeamRow(trx, "workspace", teamId, workspaceId, "share");
}

/** The team's workspaces among `ids`, locked for the rest of the transaction, in id order. */
export async function lockWorkspaceRows(
  trx: Kysely<Database>,
  teamId: string,
  ids: readonly string[],
): Promise<WorkspaceRow[]> {
  return lockTeamRows(trx, "workspace", teamId, ids, "update");
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
