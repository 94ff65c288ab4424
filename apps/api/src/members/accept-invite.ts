import type { AcceptInviteResponse, ViewInviteResponse } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Selectable } from "kysely";
import type { Database, TeamInvitationTable } from "../db/database";
import { AppError } from "../errors/app-error";
import { lockUser } from "../identity/identity-store";
import { hashInvitationToken } from "./invitation-tokens";
import type { MembersDeps } from "./members-deps";
import { invitationSummary } from "./queries";
import { lockInvitationByToken, lockInvitationForEmail, lockTeam } from "./team-store";

type InvitationRow = Selectable<TeamInvitationTable>;

const invalid = () => new AppError("INVITATION_INVALID");

/** What the invitee sees before accepting (`/team/view-invite`); INVITATION_INVALID when gone. */
export async function viewInvite(deps: MembersDeps, token: string): Promise<ViewInviteResponse> {
  const invitation = await deps.db
    .selectFrom("teamInvitation")
    .select(["id", "email", "expiresAt"])
    .where("tokenHash", "=", hashInvitationToken(token))
    .executeTakeFirst();
  if (invitation === undefined || invitation.expiresAt.getTime() <= deps.now()) throw invalid();
  return {
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
    ...(await invitationSummary(deps.db, invitation.id)),
  };
}

/**
 * Makes the person with the invitation's email a member of the team, with its role, in the
 * team's default workspace (spec §4), and deletes the invitation; their names are taken from it when
 * they have none, and its phone number becomes the membership's (never the account's, which only the
 * person sets). Call with the team row and the invitation locked.
 */
async function joinWith(
  trx: Kysely<Database>,
  invitation: InvitationRow,
  at: Date,
): Promise<AcceptInviteResponse> {
  if (invitation.expiresAt <= at) throw invalid();
  const user = await trx
    .selectFrom("appUser")
    .select(["id", "firstname", "lastname"])
    .where("email", "=", invitation.email)
    .executeTakeFirst();
  if (user === undefined) throw new AppError("INVITATION_ACCOUNT_REQUIRED");
  await lockUser(trx, user.id);
  const current = await trx
    .selectFrom("teamMember")
    .select("teamId")
    .where("userId", "=", user.id)
    .executeTakeFirst();
  if (current !== undefined) {
    throw new AppError("CONFLICT", {
      message:
        current.teamId === invitation.teamId
          ? "You are already a member of this team."
          : "You are already a member of another team.",
      reason: current.teamId === invitation.teamId ? "already_member" : "already_in_team",
      suggestion: "Open the dashboard of your team instead.",
    });
  }
  const workspace = await trx
    .selectFrom("workspace")
    .select("id")
    .where("teamId", "=", invitation.teamId)
    .where("isDefault", "=", true)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("teamMember")
    .values({
      teamId: invitation.teamId,
      userId: user.id,
      roleId: invitation.roleId,
      phone: invitation.phone,
      joinedAt: at,
      updatedAt: at,
    })
    .execute();
  await trx
    .insertInto("workspaceMember")
    .values({ workspaceId: workspace.id, userId: user.id, joinedAt: at })
    .execute();
  const names =
    user.firstname === null && user.lastname === null
      ? { firstname: invitation.firstname, lastname: invitation.lastname }
      : {};
  if (Object.keys(names).length > 0) {
    await trx
      .updateTable("appUser")
      .set({ ...names, updatedAt: at })
      .where("id", "=", user.id)
      .execute();
  }
  await trx.deleteFrom("teamInvitation").where("id", "=", invitation.id).execute();
  return { teamUuid: invitation.teamId, defaultWorkspaceUuid: workspace.id };
}

/**
 * Accepts the invitation the token names (`/team/accept-invite`, app-level credential): the token
 * was mailed to the invitee, so holding it proves the address; the account with that address
 * joins. INVITATION_INVALID for an unknown, revoked or expired token; INVITATION_ACCOUNT_REQUIRED
 * when nobody has signed in with that address yet (the web app sends them through /login first).
 */
export async function acceptInvite(
  deps: MembersDeps,
  token: string,
): Promise<AcceptInviteResponse> {
  const at = new Date(deps.now());
  const tokenHash = hashInvitationToken(token);
  const found = await deps.db
    .selectFrom("teamInvitation")
    .select("teamId")
    .where("tokenHash", "=", tokenHash)
    .executeTakeFirst();
  if (found === undefined) throw invalid();
  return deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, found.teamId);
    const invitation = await lockInvitationByToken(trx, tokenHash);
    if (invitation === undefined) throw invalid();
    return joinWith(trx, invitation, at);
  });
}

/**
 * Accepts, as the signed-in person, one of the invitations addressed to their email
 * (`/team/join`, from onboarding). INVITATION_INVALID for any other.
 */
export async function joinByInvitation(
  deps: MembersDeps,
  userId: string,
  invitationId: string,
): Promise<AcceptInviteResponse> {
  const at = new Date(deps.now());
  const { email } = await deps.db
    .selectFrom("appUser")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const found = await deps.db
    .selectFrom("teamInvitation")
    .select("teamId")
    .where("id", "=", invitationId)
    .where("email", "=", email)
    .executeTakeFirst();
  if (found === undefined) throw invalid();
  return deps.db.transaction().execute(async (trx) => {
    await lockTeam(trx, found.teamId);
    const invitation = await lockInvitationForEmail(trx, invitationId, email);
    if (invitation === undefined) throw invalid();
    return joinWith(trx, invitation, at);
  });
}
