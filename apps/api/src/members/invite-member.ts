import type { inviteMemberRequestSchema, PendingInvitation } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import { signerBrandingOf } from "../branding/team-branding";
import { enqueueTeamInvite } from "./invite-mail";
import { invitationExpiry, newInvitationToken } from "./invitation-tokens";
import type { MembersDeps } from "./members-deps";
import { pendingInvitationView } from "./queries";
import { requireFreeSeat, teamSeats } from "../billing/seats";
import { requireAssignableRole } from "./role-assignment";
import { takesSeat } from "./team-access";
import { lockTeam } from "./team-store";

/**
 * Invites `input.email` into the member's team with a role (spec §4, §5): a pending invitation
 * with a hashed token and an expiry, and the mail with the link, in the invitee's language (theirs
 * when they have an account, else the one asked, else the inviter's). With the team row locked:
 * a person already in the team or already invited is a CONFLICT (an expired invitation is
 * replaced); a role that takes a seat when every seat is taken is SEATS_FULL; a role giving a right
 * the inviter lacks, or the Owner role from a non-owner, is FORBIDDEN (`role-assignment.ts`).
 */
export async function inviteMember(
  deps: MembersDeps,
  inviter: Member,
  input: z.infer<typeof inviteMemberRequestSchema>,
): Promise<PendingInvitation> {
  const at = new Date(deps.now());
  const invitationId = await deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, inviter.teamId);
    const role = await requireAssignableRole(trx, inviter, input.roleUuid);
    const invitee = await trx
      .selectFrom("appUser")
      .leftJoin("teamMember", "teamMember.userId", "appUser.id")
      .select(["appUser.preferredLanguage", "teamMember.teamId"])
      .where("appUser.email", "=", input.email)
      .executeTakeFirst();
    if (invitee?.teamId === inviter.teamId) {
      throw new AppError("CONFLICT", {
        message: "This person is already a member of the team.",
        reason: "already_member",
      });
    }
    const existing = await trx
      .selectFrom("teamInvitation")
      .select(["id", "expiresAt"])
      .where("teamId", "=", inviter.teamId)
      .where("email", "=", input.email)
      .executeTakeFirst();
    if (existing !== undefined) {
      if (existing.expiresAt > at) {
        throw new AppError("CONFLICT", {
          message: "This person is already invited.",
          reason: "already_invited",
          suggestion: "Resend the invitation from the pending invitations instead.",
        });
      }
      await trx.deleteFrom("teamInvitation").where("id", "=", existing.id).execute();
    }
    if (takesSeat(role)) requireFreeSeat(await teamSeats(trx, deps.config, inviter.teamId, at));

    const language = invitee?.preferredLanguage ?? input.language ?? inviter.language;
    const { token, tokenHash } = newInvitationToken();
    const expiresAt = invitationExpiry(at);
    const row = await trx
      .insertInto("teamInvitation")
      .values({
        teamId: inviter.teamId,
        email: input.email,
        firstname: input.firstname,
        lastname: input.lastname,
        phone: input.phone ?? null,
        roleId: role.id,
        invitedBy: inviter.userId,
        language,
        tokenHash,
        sentAt: at,
        lastSentAt: at,
        expiresAt,
        updatedAt: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueTeamInvite(trx, deps, inviter, {
      to: input.email,
      language,
      roleName: role.name,
      expiresAt,
      token,
      branding: await signerBrandingOf(trx, deps.config, inviter.teamId),
    });
    return row.id;
  });
  return pendingInvitationView(deps.db, invitationId, at);
}
