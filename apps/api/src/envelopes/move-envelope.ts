import type { EnvelopeDeps } from "./envelope-deps";
import { lockEnvelopeFor } from "./envelope-store";
import { envelopeSubject } from "./envelope-access";
import { findWorkspaceForMember } from "../workspaces/workspace-access";
import { requirePermission, type Member } from "../membership/members";
import { holdWorkspaceRow } from "../workspaces/workspace-store";

/**
 * Moves an envelope to another workspace of the team that the member belongs to. The destination
 * is held before the envelope is locked (the order a workspace delete takes them in): a delete of
 * the destination that commits first makes the move NOT_FOUND, one that comes later carries the
 * envelope along.
 */
export async function moveEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  workspaceUuid: string,
): Promise<void> {
  const workspace = await findWorkspaceForMember(deps.db, member, workspaceUuid);
  await deps.db.transaction().execute(async (trx) => {
    await holdWorkspaceRow(trx, member.teamId, workspace.id);
    const envelope = await lockEnvelopeFor(trx, member, envelopeId, "update", "workspaceId");
    // The role must allow the envelope where it lands too (`{ "workspaceId": ... }` conditions).
    requirePermission(
      member,
      "update",
      envelopeSubject({ ...envelope, workspaceId: workspace.id }),
      "workspaceId",
    );
    await trx
      .updateTable("envelope")
      .set({ workspaceId: workspace.id, updatedAt: new Date(deps.now()) })
      .where("id", "=", envelope.id)
      .execute();
  });
}
