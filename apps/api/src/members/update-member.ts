import type { TeamMemberInfo, updateMemberRequestSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import type { MembersDeps } from "./members-deps";
import { memberView } from "./queries";
import { requireFreeSeat, teamSeats } from "../billing/seats";
import { findTeamRole, isOwnerRole, takesSeat } from "./team-access";
import { requireRoleChange } from "./role-assignment";
import { memberRole, ownerCount } from "./team-members";
import { lockTeam } from "./team-store";

/**
 * Changes a member's role, names and the team's phone number for them (spec §5: first and last name
 * required on edit; the phone is the membership's, not the account's). The last
 * owner keeps the Owner role (LAST_OWNER); nobody changes their own role, and the caller holds every
 * right of the member's current role and of the new one, an Owner's only by an Owner (FORBIDDEN,
 * `role-assignment.ts`); a Viewer given a role that takes a seat needs a free seat (SEATS_FULL).
 */
export async function updateMember(
  deps: MembersDeps,
  member: Member,
  input: z.infer<typeof updateMemberRequestSchema>,
): Promise<TeamMemberInfo> {
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, member.teamId);
    const current = await memberRole(trx, member.teamId, input.userUuid);
    const next = await findTeamRole(trx, member.teamId, input.roleUuid);
    if (isOwnerRole(current) && !isOwnerRole(next) && (await ownerCount(trx, member.teamId)) <= 1) {
      throw new AppError("LAST_OWNER");
    }
    await requireRoleChange(trx, member, input.userUuid, current, next.id);
    if (!takesSeat(current) && takesSeat(next)) {
      requireFreeSeat(await teamSeats(trx, deps.config, member.teamId, at));
    }
    await trx
      .updateTable("teamMember")
      .set({
        roleId: next.id,
        // The membership's number: the person's account keeps its own, which only they set (a
        // team's admin must not choose where the person's codes go). Left out, it stays.
        ...(input.phone === undefined ? {} : { phone: input.phone }),
        updatedAt: at,
      })
      .where("teamId", "=", member.teamId)
      .where("userId", "=", input.userUuid)
      .execute();
    await trx
      .updateTable("appUser")
      .set({ firstname: input.firstname, lastname: input.lastname, updatedAt: at })
      .where("id", "=", input.userUuid)
      .execute();
  });
  return memberView(deps.db, member.teamId, input.userUuid);
}
