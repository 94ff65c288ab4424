import type { updateWorkspaceRequestSchema, Workspace } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { Member } from "../membership/members";
import { findWorkspaceOfMember, workspaceView } from "./workspace-access";
import type { WorkspaceDeps } from "./workspace-deps";
import { lockWorkspaceRows, workspaceNotFound } from "./workspace-store";

/** Renames and recolours a workspace the member belongs to. */
export async function updateWorkspace(
  deps: WorkspaceDeps,
  member: Member,
  input: z.infer<typeof updateWorkspaceRequestSchema>,
): Promise<Workspace> {
  const workspace = await findWorkspaceOfMember(deps.db, member, input.workspaceUuid, "update");
  await deps.db.transaction().execute(async (trx) => {
    const [locked] = await lockWorkspaceRows(trx, member.teamId, [workspace.id]);
    if (locked === undefined) throw workspaceNotFound();
    await trx
      .updateTable("workspace")
      .set({ name: input.name, color: input.color, updatedAt: new Date(deps.now()) })
      .where("id", "=", locked.id)
      .execute();
  });
  return workspaceView(deps.db, workspace.id);
}
