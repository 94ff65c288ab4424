import { sql, type Kysely } from "kysely";
import type { Config } from "../config";
import type { Database, PlanRow, UsageEventRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { calendarMonth, currentPeriod, type BillingPeriod, type Period } from "./periods";

/**
 * The plan of a team without a subscription row (issue 15): not offered, its seats are
 * `DEFAULT_TEAM_SEATS` and its signatures and API credits unlimited, as before plans existed.
 */
export const DEFAULT_PLAN_CODE = "default";

/** A team's plan as it applies now: the plan's limits, its status and current period. */
export interface TeamPlan {
  plan: PlanRow;
  /** Seats of this team: the plan's, or `DEFAULT_TEAM_SEATS` on the default plan. */
  seats: number | null;
  status: "active" | "past_due" | "canceled";
  billingPeriod: BillingPeriod;
  period: Period;
  provider: string;
  /** False for a team without a subscription row (the default plan). */
  subscribed: boolean;
}

export async function loadPlan(db: Kysely<Database>, code: string): Promise<PlanRow | undefined> {
  return db.selectFrom("plan").selectAll().where("code", "=", code).executeTakeFirst();
}

/** The plan that applies to `teamId` at `at` (see `TeamPlan`). */
export async function teamPlan(
  db: Kysely<Database>,
  config: Pick<Config, "defaultTeamSeats">,
  teamId: string,
  at: Date,
): Promise<TeamPlan> {
  const subscription = await db
    .selectFrom("teamSubscription")
    .innerJoin("plan", "plan.code", "teamSubscription.planCode")
    .selectAll("plan")
    .select([
      "teamSubscription.status",
      "teamSubscription.billingPeriod",
      "teamSubscription.periodStart",
      "teamSubscription.periodEnd",
      "teamSubscription.provider",
    ])
    .where("teamSubscription.teamId", "=", teamId)
    .executeTakeFirst();
  if (subscription === undefined) {
    const plan = await loadPlan(db, DEFAULT_PLAN_CODE);
    if (plan === undefined) throw new Error(`The default plan "${DEFAULT_PLAN_CODE}" is missing.`);
    return {
      plan,
      seats: config.defaultTeamSeats,
      status: "active",
      billingPeriod: "monthly",
      period: calendarMonth(at),
      provider: "embedded",
      subscribed: false,
    };
  }
  const { status, billingPeriod, periodStart, periodEnd, provider, ...plan } = subscription;
  return {
    plan,
    seats: plan.seats,
    status,
    billingPeriod,
    period: currentPeriod({ start: periodStart, end: periodEnd }, billingPeriod, at),
    provider,
    subscribed: true,
  };
}

/** What an upgrade message says: where to see plans, and who changes them. */
const upgradePath =
  "See the plans on the Subscription page (/settings/subscription) and ask your team's owner or support (/settings/support) to move the team to a larger plan.";

/** A subscription that is not active allows no new signatures nor API credits. */
function requireActive(plan: TeamPlan): void {
  if (plan.status !== "active") {
    throw new AppError("SUBSCRIPTION_INACTIVE", {
      message: `The team's subscription is ${plan.status === "past_due" ? "past due" : "canceled"}.`,
      suggestion: upgradePath,
    });
  }
}

async function ensureCounter(trx: Kysely<Database>, teamId: string, period: Period) {
  await trx
    .insertInto("usageCounter")
    .values({ teamId, periodStart: period.start, periodEnd: period.end })
    .onConflict((oc) => oc.columns(["teamId", "periodStart"]).doNothing())
    .execute();
}

/**
 * Takes one electronic signature of the team's current period, or throws
 * SIGNATURE_LIMIT_REACHED (nothing written). Unit: one envelope sent, whatever its number of
 * signers. Call inside the transaction of the send: the conditional UPDATE locks the counter row,
 * so concurrent sends at the limit let exactly the allowed number through, and a send that fails
 * later rolls its signature back.
 */
export async function takeSignature(
  trx: Kysely<Database>,
  config: Pick<Config, "defaultTeamSeats">,
  teamId: string,
  userId: string | null,
  details: { envelopeId: string },
  at: Date,
): Promise<void> {
  const plan = await teamPlan(trx, config, teamId, at);
  requireActive(plan);
  await ensureCounter(trx, teamId, plan.period);
  const limit = plan.plan.signaturesPerPeriod;
  const taken = await trx
    .updateTable("usageCounter")
    .set({ signaturesUsed: sql<number>`signatures_used + 1` })
    .where("teamId", "=", teamId)
    .where("periodStart", "=", plan.period.start)
    .$if(limit !== null, (qb) => qb.where("signaturesUsed", "<", limit ?? 0))
    .returning("signaturesUsed")
    .executeTakeFirst();
  if (taken === undefined) {
    throw new AppError("SIGNATURE_LIMIT_REACHED", {
      message: `The team has sent the ${String(limit)} envelopes its ${plan.plan.nameEn} plan allows until ${plan.period.end.toISOString().slice(0, 10)}.`,
      suggestion: upgradePath,
    });
  }
  await recordUsageEvent(trx, { teamId, at, type: "envelope_sent", details, userId });
}

/**
 * Takes one API credit of the team's current period, or throws API_CREDITS_EXHAUSTED (nothing
 * written). Unit: one authenticated call signed with a team API key (every `/template/*` route a
 * key may call), counted before the route runs, whatever its answer.
 */
export async function takeApiCredit(
  db: Kysely<Database>,
  config: Pick<Config, "defaultTeamSeats">,
  teamId: string,
  details: { apiKeyId: string; path: string },
  userId: string | null,
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const plan = await teamPlan(trx, config, teamId, at);
    requireActive(plan);
    await ensureCounter(trx, teamId, plan.period);
    const limit = plan.plan.apiCreditsPerPeriod;
    const taken = await trx
      .updateTable("usageCounter")
      .set({ apiCreditsUsed: sql<number>`api_credits_used + 1` })
      .where("teamId", "=", teamId)
      .where("periodStart", "=", plan.period.start)
      .$if(limit !== null, (qb) => qb.where("apiCreditsUsed", "<", limit ?? 0))
      .returning("apiCreditsUsed")
      .executeTakeFirst();
    if (taken === undefined) {
      throw new AppError("API_CREDITS_EXHAUSTED", {
        message: `The team has used the ${String(limit)} API credits its ${plan.plan.nameEn} plan allows until ${plan.period.end.toISOString().slice(0, 10)}.`,
        suggestion: upgradePath,
      });
    }
    await recordUsageEvent(trx, { teamId, at, type: "api_credit", details, userId });
  });
}

/** The counters of the team's current period (zero when nothing was used yet). */
export async function periodUsage(
  db: Kysely<Database>,
  teamId: string,
  period: Period,
): Promise<{ signaturesUsed: number; apiCreditsUsed: number }> {
  const row = await db
    .selectFrom("usageCounter")
    .select(["signaturesUsed", "apiCreditsUsed"])
    .where("teamId", "=", teamId)
    .where("periodStart", "=", period.start)
    .executeTakeFirst();
  return row ?? { signaturesUsed: 0, apiCreditsUsed: 0 };
}

/** Longest details JSON a usage event keeps (the column allows 2048 bytes). */
const MAX_DETAILS_LENGTH = 1024;

export async function recordUsageEvent(
  trx: Kysely<Database>,
  event: {
    teamId: string;
    at: Date;
    type: UsageEventRow["type"];
    details: Record<string, string | number | null>;
    userId: string | null;
  },
): Promise<void> {
  const details = JSON.stringify(event.details);
  if (details.length > MAX_DETAILS_LENGTH) throw new Error("Usage event details are too long.");
  await trx
    .insertInto("usageEvent")
    .values({
      teamId: event.teamId,
      at: event.at,
      type: event.type,
      details,
      userId: event.userId,
    })
    .execute();
}
