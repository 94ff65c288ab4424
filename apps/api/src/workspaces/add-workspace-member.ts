import type { WorkspaceMembersResponse } from "@paraphe/api-sdk/contract";
import type { Member } from "../envelopes/members";
import { AppError } from "../errors/app-error";
import { findWorkspaceOfMember, workspaceNotFound } from "./workspace-access";
import type { WorkspaceDeps } from "./workspace-deps";
import { workspaceMembersOf } from "./workspace-members";
import { lockWorkspaceRows } from "./workspace-store";

/**
 * Adds a member of the team to a workspace the caller belongs to (they then see its envelopes
 * and contacts). Adding someone who is already a member changes nothing; a person outside the
 * team is NOT_FOUND.
 */
export async function addWorkspaceMember(
  deps: WorkspaceDeps,
  member: Member,
  input: { workspaceUuid: string; userUuid: string },
): Promise<WorkspaceMembersResponse> {
  const workspace = await findWorkspaceOfMember(deps.db, member, input.workspaceUuid, "update");
  await deps.db.transaction().execute(async (trx) => {
    const [locked] = await lockWorkspaceRows(trx, member.teamId, [workspace.id]);
    if (locked === undefined) throw workspaceNotFound();
    const teammate = await trx
      .selectFrom("teamMember")
      .select("userId")
      .where("teamId", "=", member.teamId)
      .where("userId", "=", input.userUuid)
      .executeTakeFirst();
    if (teammate === undefined) {
      throw new AppError("NOT_FOUND", { message: "This person is not a member of your team." });
    }
    await trx
      .insertInto("workspaceMember")
      .values({ workspaceId: locked.id, userId: teammate.userId, joinedAt: new Date(deps.now()) })
      .onConflict((oc) => oc.columns(["workspaceId", "userId"]).doNothing())
      .execute();
    await trx
      .updateTable("workspace")
      .set({ updatedAt: new Date(deps.now()) })
      .where("id", "=", locked.id)
      .execute();
  });
  return workspaceMembersOf(deps.db, member.teamId, workspace.id);
}
