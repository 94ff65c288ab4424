import {
  CONFIRMATION_MISMATCH_REASON,
  SOLE_OWNER_REASON,
  type DeleteAccountRequest,
} from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { emailHash, pictureBlobKey } from "../identity/profile";
import { isOwnerRole } from "../members/team-access";
import { closeTeam } from "./delete-team";
import type { ErasureDeps } from "./erasure-deps";
import { deleteJobsNaming } from "./jobs-naming";

/** The email a deleted account is left with: no one can receive mail there or sign in with it. */
export function deletedAccountEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/**
 * POST /user/delete-account: the signed-in person deletes their account after typing its email.
 *
 * - Refused (CONFLICT `sole_owner`) while they are the only Owner of a team that has other
 *   members; alone in their team, the team is deleted with the account (`closeTeam`).
 * - Gone: their sessions, passkeys, passkey challenges, sign-in codes, profile picture, phone,
 *   data exports,
 *   memberships (team and workspaces), pending invitations to their email, support conversations,
 *   the mail addressed to them and its delivery jobs, rate-limit counters naming their email, and
 *   the API keys and template direct links they created (both act in their name). Where
 *   another record names them as its author (a webhook's accountable member, a usage event, an
 *   invitation sent, a support message, the single sign-on configuration), the reference is
 *   cleared.
 * - Kept: the envelopes they sent stay with the team. The account's row remains as a closed
 *   record under an address that receives nothing (`deletedAccountEmail`) with the first and last
 *   name only, so that the team's envelopes still name their sender; the sealed documents and the
 *   activity chain keep the name as they recorded it (legal records).
 */
export async function deleteAccount(
  deps: Pick<ErasureDeps, "db" | "blobStore" | "logger" | "now" | "wakeJobs">,
  userId: string,
  input: DeleteAccountRequest,
): Promise<{ teamDeleted: boolean }> {
  const at = new Date(deps.now());
  const { email, teamDeleted, exportKeys } = await deps.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("appUser")
      .select(["id", "email"])
      .where("id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (user === undefined) throw new AppError("AUTHENTICATION_ERROR");
    if (input.confirmEmail.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
      throw new AppError("VALIDATION_ERROR", {
        message: "The email typed is not the account's email.",
        suggestion: "Type your account's email exactly to confirm.",
        fields: [{ path: "confirmEmail", code: "custom", message: CONFIRMATION_MISMATCH_REASON }],
      });
    }
    const deletesTeam = await leaveTeam(trx, userId, at);
    const exports = await trx
      .deleteFrom("dataExport")
      .where("userId", "=", userId)
      .returning("blobKey")
      .execute();
    await erasePersonalRows(trx, user, at);
    return {
      email: user.email,
      teamDeleted: deletesTeam,
      exportKeys: exports.flatMap((row) => (row.blobKey === null ? [] : [row.blobKey])),
    };
  });
  // The picture and the data exports' files once the account no longer names them.
  await deps.blobStore.delete(pictureBlobKey(emailHash(email)));
  await Promise.all(exportKeys.map((key) => deps.blobStore.delete(key)));
  if (teamDeleted) deps.wakeJobs();
  deps.logger.info({ userId, teamDeleted }, "account deleted");
  return { teamDeleted };
}

/**
 * Takes the person out of their team, if any: refused to its only Owner while others remain; the
 * team is closed when they are its only member. Answers whether the team is being deleted.
 */
async function leaveTeam(trx: Kysely<Database>, userId: string, at: Date): Promise<boolean> {
  const membership = await trx
    .selectFrom("teamMember")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .select(["teamMember.teamId", "role.name", "role.origin"])
    .where("teamMember.userId", "=", userId)
    .executeTakeFirst();
  if (membership === undefined) return false;
  // Lock the team so that two Owners leaving at once cannot both pass the check.
  await trx
    .selectFrom("team")
    .select("id")
    .where("id", "=", membership.teamId)
    .forUpdate()
    .executeTakeFirst();
  const others = await trx
    .selectFrom("teamMember")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .select(["role.name", "role.origin"])
    .where("teamMember.teamId", "=", membership.teamId)
    .where("teamMember.userId", "!=", userId)
    .execute();
  if (others.length === 0) {
    await closeTeam(trx, membership.teamId, userId, at);
    return true;
  }
  if (isOwnerRole(membership) && !others.some((other) => isOwnerRole(other))) {
    throw new AppError("CONFLICT", {
      message: "You are the only Owner of a team that has other members.",
      suggestion: "Make another member an Owner, or delete the team, then delete your account.",
      reason: SOLE_OWNER_REASON,
    });
  }
  await trx.deleteFrom("teamMember").where("userId", "=", userId).execute();
  return false;
}

async function erasePersonalRows(
  trx: Kysely<Database>,
  user: { id: string; email: string },
  at: Date,
): Promise<void> {
  const userId = user.id;
  const email = user.email.trim().toLowerCase();
  await trx.deleteFrom("userSession").where("userId", "=", userId).execute();
  await trx.deleteFrom("passkey").where("userId", "=", userId).execute();
  await trx.deleteFrom("webauthnChallenge").where("userId", "=", userId).execute();
  await trx.deleteFrom("workspaceMember").where("userId", "=", userId).execute();
  await trx.deleteFrom("supportConversation").where("userId", "=", userId).execute();
  await trx.deleteFrom("apiKey").where("createdByUserId", "=", userId).execute();
  await trx.deleteFrom("templateDirectLink").where("createdByUserId", "=", userId).execute();
  await trx.deleteFrom("loginCode").where("email", "=", email).execute();
  await trx.deleteFrom("teamInvitation").where("email", "=", email).execute();
  await trx.deleteFrom("oidcLoginAttempt").where("email", "=", email).execute();
  // Mail to them (sign-in codes, invitations) with its delivery jobs, and rate-limit buckets.
  const mails = await trx
    .selectFrom("mailOutbox")
    .select("id")
    .where(sql<string>`lower(to_address)`, "=", email)
    .execute();
  await deleteJobsNaming(
    trx,
    mails.map((mail) => mail.id),
  );
  await trx
    .deleteFrom("mailOutbox")
    .where(sql<string>`lower(to_address)`, "=", email)
    .execute();
  await trx
    .deleteFrom("devMailbox")
    .where(sql<string>`lower(to_address)`, "=", email)
    .execute();
  await trx.deleteFrom("rateLimitCounter").where("bucket", "like", `%${email}%`).execute();
  await trx
    .updateTable("webhookEndpoint")
    .set({ accountableUserId: null })
    .where("accountableUserId", "=", userId)
    .execute();
  await trx.updateTable("usageEvent").set({ userId: null }).where("userId", "=", userId).execute();
  await trx
    .updateTable("teamInvitation")
    .set({ invitedBy: null })
    .where("invitedBy", "=", userId)
    .execute();
  await trx
    .updateTable("supportMessage")
    .set({ authorUserId: null })
    .where("authorUserId", "=", userId)
    .execute();
  await trx
    .updateTable("ssoConfiguration")
    .set({ updatedByUserId: null })
    .where("updatedByUserId", "=", userId)
    .execute();
  await trx
    .updateTable("appUser")
    .set({
      email: deletedAccountEmail(userId),
      phone: null,
      emailVerifiedAt: null,
      updatedAt: at,
    })
    .where("id", "=", userId)
    .execute();
}
