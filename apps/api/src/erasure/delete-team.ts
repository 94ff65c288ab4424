import { CONFIRMATION_MISMATCH_REASON, type DeleteTeamRequest } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import { embeddedBillingProvider } from "../billing/embedded-provider";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { isOwnerRole } from "../members/team-access";
import { memberRole } from "../members/team-members";
import type { Member } from "../membership/members";
import type { ErasureDeps } from "./erasure-deps";
import { enqueueTeamPurge } from "./job-definitions";

const FORBIDDEN_MESSAGE = "Only an Owner of the team can delete it.";

/**
 * POST /team/delete: an Owner of the team, in person (neither an Admin nor an API key), deletes it
 * after typing its name. In one transaction the team is marked deleted, its subscription canceled,
 * and everything that lets anyone in or act for it goes at once (members, invitations, API keys,
 * single sign-on, direct links, webhooks); the purge job, enqueued in the same transaction, then
 * deletes its files and the rest of its rows in batches.
 */
export async function deleteTeam(
  deps: Pick<ErasureDeps, "db" | "logger" | "now" | "wakeJobs">,
  member: Member,
  input: DeleteTeamRequest,
): Promise<void> {
  if (member.apiKey !== undefined) throw new AppError("FORBIDDEN", { message: FORBIDDEN_MESSAGE });
  const role = await memberRole(deps.db, member.teamId, member.userId);
  if (!isOwnerRole(role)) throw new AppError("FORBIDDEN", { message: FORBIDDEN_MESSAGE });
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const team = await trx
      .selectFrom("team")
      .select(["id", "name"])
      .where("id", "=", member.teamId)
      .forUpdate()
      .executeTakeFirst();
    if (team === undefined) throw new AppError("NOT_FOUND", { message: "There is no such team." });
    if (input.confirmName.trim() !== team.name.trim()) {
      throw new AppError("VALIDATION_ERROR", {
        message: "The name typed is not the team's name.",
        suggestion: "Type the team's name exactly as it is shown to confirm.",
        fields: [{ path: "confirmName", code: "custom", message: CONFIRMATION_MISMATCH_REASON }],
      });
    }
    await closeTeam(trx, team.id, member.userId, at);
  });
  deps.wakeJobs();
  deps.logger.info({ teamId: member.teamId }, "team deleted by its owner");
}

/**
 * Cancels the team's subscription, marks the team deleted and closes every way into it, then
 * enqueues its purge, all in `trx`. Also used when a person alone in their team deletes their
 * account.
 */
export async function closeTeam(
  trx: Kysely<Database>,
  teamId: string,
  userId: string,
  at: Date,
): Promise<void> {
  await cancelSubscription(trx, teamId, userId, at);
  await markTeamDeleted(trx, teamId, at);
}

async function markTeamDeleted(trx: Kysely<Database>, teamId: string, at: Date): Promise<void> {
  await trx
    .updateTable("team")
    .set({ deletionRequestedAt: at, updatedAt: at })
    .where("id", "=", teamId)
    .execute();
  await trx.deleteFrom("teamMember").where("teamId", "=", teamId).execute();
  await trx.deleteFrom("teamInvitation").where("teamId", "=", teamId).execute();
  await trx.deleteFrom("apiKey").where("teamId", "=", teamId).execute();
  await trx.deleteFrom("ssoConfiguration").where("teamId", "=", teamId).execute();
  await trx.deleteFrom("ssoDomain").where("teamId", "=", teamId).execute();
  await trx.deleteFrom("oidcLoginAttempt").where("teamId", "=", teamId).execute();
  await trx.deleteFrom("templateDirectLink").where("teamId", "=", teamId).execute();
  await trx.deleteFrom("webhookEndpoint").where("teamId", "=", teamId).execute();
  await enqueueTeamPurge(trx, teamId);
}

/**
 * Cancels the team's subscription, as billing models it: a change of status to `canceled` through
 * the billing provider (the embedded one; a payment provider's subscription would be canceled on
 * its side by the same change).
 */
async function cancelSubscription(
  trx: Kysely<Database>,
  teamId: string,
  userId: string,
  at: Date,
): Promise<void> {
  const subscription = await trx
    .selectFrom("teamSubscription")
    .selectAll()
    .where("teamId", "=", teamId)
    .executeTakeFirst();
  if (subscription === undefined || subscription.status === "canceled") return;
  await embeddedBillingProvider.applyChange(trx, {
    teamId,
    planCode: subscription.planCode,
    billingPeriod: subscription.billingPeriod,
    status: "canceled",
    providerReference: subscription.providerReference,
    at,
    userId,
  });
}
