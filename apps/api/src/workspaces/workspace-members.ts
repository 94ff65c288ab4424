import type {
  TeamMemberCandidate,
  WorkspaceMember,
  WorkspaceMembersResponse,
} from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { displayName, type Member } from "../envelopes/members";
import { findWorkspaceOfMember, workspaceView } from "./workspace-access";
import type { WorkspaceDeps } from "./workspace-deps";

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
