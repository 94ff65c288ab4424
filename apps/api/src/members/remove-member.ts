import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import type { MembersDeps } from "./members-deps";
import { isOwnerRole } from "./team-access";
import { requireHeldMemberRole } from "./role-assignment";
import { memberRole, ownerCount } from "./team-members";
import { lockTeam } from "./team-store";

/**
 * Removes a member from the team and its workspaces (spec §5). Nobody removes themselves
 * (FORBIDDEN); the last owner stays (LAST_OWNER); the caller holds every right of the member's
 * role, an Owner's only by an Owner (FORBIDDEN, `role-assignment.ts`). What they sent stays in the workspaces.
 */
export async function removeMember(
  deps: MembersDeps,
  member: Member,
  userId: string,
): Promise<void> {
  if (userId === member.userId) {
    throw new AppError("FORBIDDEN", {
      message: "You cannot remove yourself from the team.",
      suggestion: "Ask another administrator of the team to remove you.",
    });
  }
  await deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, member.teamId);
    const role = await memberRole(trx, member.teamId, userId);
    if (isOwnerRole(role) && (await ownerCount(trx, member.teamId)) <= 1) {
      throw new AppError("LAST_OWNER");
    }
    await requireHeldMemberRole(trx, member, role);
    await trx
      .deleteFrom("workspaceMember")
      .where("userId", "=", userId)
      .where("workspaceId", "in", (eb) =>
        eb.selectFrom("workspace").select("id").where("teamId", "=", member.teamId),
      )
      .execute();
    await trx
      .deleteFrom("teamMember")
      .where("teamId", "=", member.teamId)
      .where("userId", "=", userId)
      .execute();
  });
}
