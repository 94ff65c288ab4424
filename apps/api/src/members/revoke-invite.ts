import type { Member } from "../membership/members";
import type { MembersDeps } from "./members-deps";
import { invitationNotFound } from "./resend-invite";
import { lockInvitation, lockTeam } from "./team-store";

/** Revokes a pending invitation of the team: its link stops working and its seat is freed. */
export async function revokeInvite(
  deps: MembersDeps,
  member: Member,
  invitationId: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, member.teamId);
    const invitation = await lockInvitation(trx, member.teamId, invitationId);
    if (invitation === undefined) throw invitationNotFound();
    await trx.deleteFrom("teamInvitation").where("id", "=", invitation.id).execute();
  });
}
