import type {
  DeleteWorkspaceResponse,
  deleteWorkspaceRequestSchema,
} from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import { lockEnvelopesOfWorkspace } from "../envelopes/envelope-store";
import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import { findWorkspaceOfMember } from "./workspace-access";
import type { WorkspaceDeps } from "./workspace-deps";
import { lockContactsOfWorkspace, lockWorkspaceRows, workspaceNotFound } from "./workspace-store";

const defaultCannotBeDeleted = (): AppError =>
  new AppError("CONFLICT", {
    message: "The default workspace cannot be deleted.",
    reason: "default_workspace",
    suggestion: "Make another workspace the default first.",
  });

/**
 * Deletes a workspace (spec §4): its envelopes and contacts move to `destinationWorkspaceUuid`,
 * another workspace of the team that the member belongs to, and the workspace goes, in one
 * transaction holding the locks of both workspaces, of the moved envelopes and of the contacts.
 * A contact whose email the destination already holds is not moved: the destination's stays.
 * The default workspace cannot be deleted (CONFLICT).
 */
export async function deleteWorkspace(
  deps: WorkspaceDeps,
  member: Member,
  input: z.infer<typeof deleteWorkspaceRequestSchema>,
): Promise<DeleteWorkspaceResponse> {
  const workspace = await findWorkspaceOfMember(deps.db, member, input.workspaceUuid, "delete");
  if (input.destinationWorkspaceUuid === workspace.id) {
    throw new AppError("VALIDATION_ERROR", {
      message: "Documents cannot move to the workspace being deleted.",
      fields: [{ path: "destinationWorkspaceUuid", code: "custom", message: "same_workspace" }],
    });
  }
  if (workspace.isDefault) throw defaultCannotBeDeleted();
  const destination = await findWorkspaceOfMember(
    deps.db,
    member,
    input.destinationWorkspaceUuid,
    "read",
  );
  return deps.db.transaction().execute(async (trx) => {
    const locked = await lockWorkspaceRows(trx, member.teamId, [workspace.id, destination.id]);
    const source = locked.find((row) => row.id === workspace.id);
    if (source === undefined || !locked.some((row) => row.id === destination.id)) {
      throw workspaceNotFound();
    }
    if (source.isDefault) throw defaultCannotBeDeleted();
    const at = new Date(deps.now());

    const envelopeIds = await lockEnvelopesOfWorkspace(trx, source.id);
    if (envelopeIds.length > 0) {
      await trx
        .updateTable("envelope")
        .set({ workspaceId: destination.id, updatedAt: at })
        .where("id", "in", envelopeIds)
        .execute();
    }

    const contacts = await lockContactsOfWorkspace(trx, source.id);
    const held = new Set(
      (await lockContactsOfWorkspace(trx, destination.id)).map((contact) => contact.email),
    );
    const moving = contacts.filter((contact) => !held.has(contact.email));
    if (moving.length > 0) {
      await trx
        .updateTable("contact")
        .set({ workspaceId: destination.id, updatedAt: at })
        .where(
          "id",
          "in",
          moving.map((contact) => contact.id),
        )
        .execute();
    }

    // Its members and the contacts the destination already held go with it.
    await trx.deleteFrom("workspace").where("id", "=", source.id).execute();
    return {
      deleted: true as const,
      moved: { envelopes: envelopeIds.length, contacts: moving.length },
    };
  });
}
