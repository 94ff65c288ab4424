import type {
  TeamMemberCandidate,
  WorkspaceMember,
  WorkspaceMembersResponse,
} from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database, WorkspaceRow } from "../db/database";
import { displayName, type Member } from "../membership/members";
import { findWorkspaceOfMember, workspaceView } from "./workspace-access";
import type { WorkspaceDeps } from "./workspace-deps";
import { lockWorkspaceRows, workspaceNotFound } from "./workspace-store";

/**
 * The members of a workspace the member belongs to, and the members of the team who are not in it
 * (those who may be added), by name.
 */
export async function listWorkspaceMembers(
  deps: WorkspaceDeps,
  member: Member,
  workspaceId: string,
): Promise<WorkspaceMembersResponse> {
  const workspace = await findWorkspaceOfMember(deps.db, member, workspaceId, "read");
  return workspaceMembersOf(deps.db, member.teamId, workspace.id);
}

/**
 * Changes who belongs to a workspace that `member` belongs to and whose role may update it: `change`
 * runs in a transaction holding the lock of the workspace (NOT_FOUND when it went meanwhile), whose
 * update date then moves. Answers the workspace's members as they are afterwards.
 */
export async function changeWorkspaceMembers(
  deps: WorkspaceDeps,
  member: Member,
  workspaceId: string,
  change: (trx: Kysely<Database>, workspace: WorkspaceRow) => Promise<void>,
): Promise<WorkspaceMembersResponse> {
  const workspace = await findWorkspaceOfMember(deps.db, member, workspaceId, "update");
  await deps.db.transaction().execute(async (trx) => {
    const [locked] = await lockWorkspaceRows(trx, member.teamId, [workspace.id]);
    if (locked === undefined) throw workspaceNotFound();
    await change(trx, locked);
    await trx
      .updateTable("workspace")
      .set({ updatedAt: new Date(deps.now()) })
      .where("id", "=", locked.id)
      .execute();
  });
  return workspaceMembersOf(deps.db, member.teamId, workspace.id);
}

/** The workspace, its members and the team's members outside it. */
export async function workspaceMembersOf(
  db: Kysely<Database>,
  teamId: string,
  workspaceId: string,
): Promise<WorkspaceMembersResponse> {
  const rows = await db
    .selectFrom("teamMember")
    .innerJoin("appUser", "appUser.id", "teamMember.userId")
    .leftJoin("workspaceMember", (join) =>
      join
        .onRef("workspaceMember.userId", "=", "teamMember.userId")
        .on("workspaceMember.workspaceId", "=", workspaceId),
    )
    .select([
      "appUser.id",
      "appUser.email",
      "appUser.firstname",
      "appUser.lastname",
      "workspaceMember.joinedAt",
    ])
    .where("teamMember.teamId", "=", teamId)
    .orderBy("appUser.email")
    .execute();
  const members: WorkspaceMember[] = [];
  const candidates: TeamMemberCandidate[] = [];
  for (const row of rows) {
    const person = { userUuid: row.id, email: row.email, name: displayName(row) };
    if (row.joinedAt === null) candidates.push(person);
    else members.push({ ...person, joinedAt: row.joinedAt.toISOString() });
  }
  return { workspace: await workspaceView(db, workspaceId), members, candidates };
}
