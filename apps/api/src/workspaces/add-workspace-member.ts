import type { WorkspaceMembersResponse } from "@paraphe/api-sdk/contract";
import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import type { WorkspaceDeps } from "./workspace-deps";
import { changeWorkspaceMembers } from "./workspace-members";

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
  return changeWorkspaceMembers(deps, member, input.workspaceUuid, async (trx, workspace) => {
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
      .values({
        workspaceId: workspace.id,
        userId: teammate.userId,
        joinedAt: new Date(deps.now()),
      })
      .onConflict((oc) => oc.columns(["workspaceId", "userId"]).doNothing())
      .execute();
  });
}
