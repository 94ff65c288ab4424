import type { createWorkspaceRequestSchema, Workspace } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import { requirePermission, type Member } from "../membership/members";
import { workspaceView } from "./workspace-access";
import type { WorkspaceDeps } from "./workspace-deps";

/** Creates a workspace of the member's team with the member as its first member. */
export async function createWorkspace(
  deps: WorkspaceDeps,
  member: Member,
  input: z.infer<typeof createWorkspaceRequestSchema>,
): Promise<Workspace> {
  requirePermission(member, "create", "Workspace");
  const at = new Date(deps.now());
  const id = await deps.db.transaction().execute(async (trx) => {
    const workspace = await trx
      .insertInto("workspace")
      .values({
        teamId: member.teamId,
        name: input.name,
        color: input.color,
        isDefault: false,
        createdAt: at,
        updatedAt: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("workspaceMember")
      .values({ workspaceId: workspace.id, userId: member.userId, joinedAt: at })
      .execute();
    return workspace.id;
  });
  return workspaceView(deps.db, id);
}
