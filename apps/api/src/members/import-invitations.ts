import type {
  FieldError,
  importInvitationsRequestSchema,
  ImportInvitationsResponse,
} from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import { signerBrandingOf } from "../branding/team-branding";
import { enqueueTeamInvite } from "./invite-mail";
import { invitationExpiry, newInvitationToken } from "./invitation-tokens";
import type { MembersDeps } from "./members-deps";
import { teamSeats } from "../billing/seats";
import { requireAssignableRole } from "./role-assignment";
import { takesSeat } from "./team-access";
import { lockTeam } from "./team-store";

/**
 * Invites every row of a CSV import into the member's team with one role (spec §5), all or none:
 * the contract's schema has checked each row and the duplicates within the file; here, with the
 * team row locked as for a single invitation, a row whose person is already a member or already
 * has a live invitation refuses the whole import with a field problem on `invitations.<row>.email`
 * (an expired invitation is replaced), and a role that takes seats refuses it with SEATS_FULL
 * unless every row fits in the seats left; a role giving a right the inviter lacks, or the Owner role
 * from a non-owner, refuses it with FORBIDDEN (`role-assignment.ts`). Each row gets its invitation mail, as a job, in the
 * invitee's language (theirs when they have an account, else the one asked, else the inviter's).
 */
export async function importInvitations(
  deps: MembersDeps,
  inviter: Member,
  input: z.infer<typeof importInvitationsRequestSchema>,
): Promise<ImportInvitationsResponse> {
  const at = new Date(deps.now());
  const emails = input.invitations.map((row) => row.email);
  await deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, inviter.teamId);
    const role = await requireAssignableRole(trx, inviter, input.roleUuid);
    const people = await trx
      .selectFrom("appUser")
      .leftJoin("teamMember", (join) =>
        join
          .onRef("teamMember.userId", "=", "appUser.id")
          .on("teamMember.teamId", "=", inviter.teamId),
      )
      .select(["appUser.email", "appUser.preferredLanguage", "teamMember.teamId"])
      .where("appUser.email", "in", emails)
      .execute();
    const invited = await trx
      .selectFrom("teamInvitation")
      .select(["id", "email", "expiresAt"])
      .where("teamId", "=", inviter.teamId)
      .where("email", "in", emails)
      .execute();
    const members = new Set(people.filter((p) => p.teamId !== null).map((p) => p.email));
    const liveInvitations = new Set(invited.filter((i) => i.expiresAt > at).map((i) => i.email));
    const fields: FieldError[] = [];
    input.invitations.forEach((row, index) => {
      const conflict = members.has(row.email)
        ? "already_member"
        : liveInvitations.has(row.email)
          ? "already_invited"
          : undefined;
      if (conflict !== undefined) {
        fields.push({ path: `invitations.${index}.email`, code: "custom", message: conflict });
      }
    });
    if (fields.length > 0) {
      throw new AppError("VALIDATION_ERROR", {
        message: "Some rows of the import cannot be invited: nothing was imported.",
        suggestion: "Remove the people already in the team or already invited, then import again.",
        fields,
      });
    }
    const expired = invited.map((invitation) => invitation.id);
    if (expired.length > 0)
      await trx.deleteFrom("teamInvitation").where("id", "in", expired).execute();
    if (takesSeat(role)) {
      const seats = await teamSeats(trx, deps.config, inviter.teamId, at);
      if (seats.total !== null && seats.used + input.invitations.length > seats.total) {
        throw new AppError("SEATS_FULL", {
          message: `The import needs ${input.invitations.length} seats and ${Math.max(seats.total - seats.used, 0)} are left: only the Viewer role can be imported.`,
        });
      }
    }

    const languages = new Map(people.map((p) => [p.email, p.preferredLanguage]));
    const expiresAt = invitationExpiry(at);
    const branding = await signerBrandingOf(trx, deps.config, inviter.teamId);
    for (const row of input.invitations) {
      const language = languages.get(row.email) ?? input.language ?? inviter.language;
      const { token, tokenHash } = newInvitationToken();
      await trx
        .insertInto("teamInvitation")
        .values({
          teamId: inviter.teamId,
          email: row.email,
          firstname: row.firstname,
          lastname: row.lastname,
          phone: row.phone ?? null,
          roleId: role.id,
          invitedBy: inviter.userId,
          language,
          tokenHash,
          sentAt: at,
          lastSentAt: at,
          expiresAt,
          updatedAt: at,
        })
        .execute();
      await enqueueTeamInvite(trx, deps, inviter, {
        to: row.email,
        language,
        roleName: role.name,
        expiresAt,
        token,
        branding,
      });
    }
  });
  return { invited: input.invitations.length };
}
