import type { Workspace } from "@paraphe/api-sdk/contract";
import { requirePermission, type Member } from "../membership/members";
import { findWorkspaceOfMember, workspaceSubject, workspaceView } from "./workspace-access";
import type { WorkspaceDeps } from "./workspace-deps";
import { lockDefaultWorkspace, lockWorkspaceRows, workspaceNotFound } from "./workspace-store";

/**
 * Makes a workspace the member belongs to the team's default (new members land there; it cannot
 * be deleted); the previous default stops being one, in the same transaction.
 */
export async function makeDefaultWorkspace(
  deps: WorkspaceDeps,
  member: Member,
  workspaceId: string,
): Promise<Workspace> {
  const workspace = await findWorkspaceOfMember(deps.db, member, workspaceId, "update");
  await deps.db.transaction().execute(async (trx) => {
    const previous = await lockDefaultWorkspace(trx, member.teamId);
    const [locked] = await lockWorkspaceRows(trx, member.teamId, [workspace.id]);
    if (locked === undefined) throw workspaceNotFound();
    if (locked.isDefault) return;
    const at = new Date(deps.now());
    if (previous !== undefined) {
      // The previous default changes too: the role must allow that on it.
      requirePermission(member, "update", workspaceSubject(previous));
      await trx
        .updateTable("workspace")
        .set({ isDefault: false, updatedAt: at })
        .where("id", "=", previous.id)
        .execute();
    }
    await trx
      .updateTable("workspace")
      .set({ isDefault: true, updatedAt: at })
      .where("id", "=", locked.id)
      .execute();
  });
  return workspaceView(deps.db, workspace.id);
}
