import type { WorkspaceMembersResponse } from "@paraphe/api-sdk/contract";
import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import type { WorkspaceDeps } from "./workspace-deps";
import { changeWorkspaceMembers } from "./workspace-members";
import { lockWorkspaceMembers } from "./workspace-store";

/**
 * Removes a person from a workspace the caller belongs to: they no longer see its envelopes and
 * contacts. A workspace keeps at least one member (removing the last one is CONFLICT), so that
 * its documents always have someone who sees them; removing a non-member is NOT_FOUND.
 */
export async function removeWorkspaceMember(
  deps: WorkspaceDeps,
  member: Member,
  input: { workspaceUuid: string; userUuid: string },
): Promise<WorkspaceMembersResponse> {
  return changeWorkspaceMembers(deps, member, input.workspaceUuid, async (trx, workspace) => {
    const members = await lockWorkspaceMembers(trx, workspace.id);
    if (!members.some((row) => row.userId === input.userUuid)) {
      throw new AppError("NOT_FOUND", { message: "This person is not a member of the workspace." });
    }
    if (members.length === 1) {
      throw new AppError("CONFLICT", {
        message: "A workspace keeps at least one member.",
        reason: "last_workspace_member",
        suggestion: "Add another member before removing this one, or delete the workspace.",
      });
    }
    await trx
      .deleteFrom("workspaceMember")
      .where("workspaceId", "=", workspace.id)
      .where("userId", "=", input.userUuid)
      .execute();
  });
}
