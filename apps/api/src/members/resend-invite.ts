import type { PendingInvitation } from "@paraphe/api-sdk/contract";
import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import { signerBrandingOf } from "../branding/team-branding";
import { enqueueTeamInvite } from "./invite-mail";
import { invitationExpiry, newInvitationToken } from "./invitation-tokens";
import type { MembersDeps } from "./members-deps";
import { pendingInvitationView } from "./queries";
import { requireFreeSeat, teamSeats } from "../billing/seats";
import { findTeamRole, takesSeat } from "./team-access";
import { lockInvitation, lockTeam } from "./team-store";

export const invitationNotFound = (): AppError =>
  new AppError("NOT_FOUND", { message: "This invitation does not exist in your team." });

/**
 * Sends a pending invitation again: a new token (the previous link stops working), a new expiry,
 * one more resend counted. An expired invitation of a role that takes a seat needs a free seat.
 */
export async function resendInvite(
  deps: MembersDeps,
  member: Member,
  invitationId: string,
): Promise<PendingInvitation> {
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, member.teamId);
    const invitation = await lockInvitation(trx, member.teamId, invitationId);
    if (invitation === undefined) throw invitationNotFound();
    const role = await findTeamRole(trx, member.teamId, invitation.roleId);
    if (invitation.expiresAt <= at && takesSeat(role)) {
      requireFreeSeat(await teamSeats(trx, deps.config, member.teamId, at, invitation.id));
    }
    const { token, tokenHash } = newInvitationToken();
    const expiresAt = invitationExpiry(at);
    await trx
      .updateTable("teamInvitation")
      .set((eb) => ({
        tokenHash,
        lastSentAt: at,
        expiresAt,
        updatedAt: at,
        resentCount: eb("resentCount", "+", 1),
      }))
      .where("id", "=", invitation.id)
      .execute();
    await enqueueTeamInvite(trx, deps, member, {
      to: invitation.email,
      language: invitation.language,
      roleName: role.name,
      expiresAt,
      token,
      branding: await signerBrandingOf(trx, deps.config, member.teamId),
    });
  });
  return pendingInvitationView(deps.db, invitationId, at);
}
