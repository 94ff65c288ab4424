import type { RetentionPolicy, SaveRetentionRequest } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { isOwnerRole } from "../members/team-access";
import { memberRole } from "../members/team-members";
import type { Member } from "../membership/members";
import { loadRetentionPolicy, RETENTION_OFF } from "../envelopes/retention-dates";

/**
 * Refuses (FORBIDDEN) anyone but an Owner of the team, in person: the retention policy deletes
 * documents, so neither Admins, custom roles nor API keys may change or read it.
 */
export async function requireTeamOwner(
  db: Kysely<Database>,
  member: Member,
  message: string,
): Promise<void> {
  if (member.apiKey !== undefined) throw new AppError("FORBIDDEN", { message });
  const role = await memberRole(db, member.teamId, member.userId);
  if (!isOwnerRole(role)) throw new AppError("FORBIDDEN", { message });
}

const FORBIDDEN_MESSAGE = "Only an Owner of the team can see and change its retention policy.";

/** POST /retention/get: the caller's team policy (Owners only). */
export async function getRetentionPolicy(
  { db }: { db: Kysely<Database> },
  member: Member,
): Promise<RetentionPolicy> {
  await requireTeamOwner(db, member, FORBIDDEN_MESSAGE);
  return loadRetentionPolicy(db, member.teamId);
}

/** POST /retention/save: sets the policy (days null: off, the row goes). */
export async function saveRetentionPolicy(
  { db }: { db: Kysely<Database> },
  member: Member,
  input: SaveRetentionRequest,
): Promise<RetentionPolicy> {
  await requireTeamOwner(db, member, FORBIDDEN_MESSAGE);
  if (input.days === null) {
    await db.deleteFrom("teamRetention").where("teamId", "=", member.teamId).execute();
    return RETENTION_OFF;
  }
  const values = { days: input.days, scope: input.scope };
  await db
    .insertInto("teamRetention")
    .values({ teamId: member.teamId, ...values })
    .onConflict((oc) => oc.column("teamId").doUpdateSet({ ...values, updatedAt: new Date() }))
    .execute();
  return values;
}
