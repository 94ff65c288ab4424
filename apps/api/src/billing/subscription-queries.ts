import type { GetSubscriptionResponse, ListPlansResponse, Plan } from "@paraphe/api-sdk/contract";
import type { PlanRow } from "../db/database";
import { teamSubject, type Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import { teamSeats } from "./seats";
import type { BillingDeps } from "./billing-deps";
import { periodUsage, teamPlan } from "./subscriptions";

/**
 * Whether the calling member's role reads the Team's field `subscription` on their own team
 * (every managed role does): the
 * subscription and usage of a team are read by its members; another team's are never reachable.
 */
export function requireTeamReader(member: Member): void {
  if (!member.ability.can("read", teamSubject(member), "subscription")) {
    throw new AppError("FORBIDDEN", {
      message: "Your role does not allow you to read the team's subscription and usage.",
      suggestion: "Ask an owner or an administrator of the team.",
    });
  }
}

export function planView(plan: PlanRow): Plan {
  return {
    code: plan.code,
    name: { en: plan.nameEn, fr: plan.nameFr },
    monthlyPriceCents: plan.monthlyPriceCents,
    annualPriceCents: plan.annualPriceCents,
    currency: plan.currency,
    seats: plan.seats,
    signaturesPerPeriod: plan.signaturesPerPeriod,
    apiCreditsPerPeriod: plan.apiCreditsPerPeriod,
    recommended: plan.recommended,
  };
}

/** POST /subscription/get: the caller's team's plan, status, period and use. */
export async function getSubscription(
  deps: BillingDeps,
  member: Member,
): Promise<GetSubscriptionResponse> {
  requireTeamReader(member);
  const at = new Date(deps.now());
  const plan = await teamPlan(deps.db, deps.config, member.teamId, at);
  const usage = await periodUsage(deps.db, member.teamId, plan.period);
  const seats = await teamSeats(deps.db, deps.config, member.teamId, at);
  return {
    plan: { ...planView(plan.plan), seats: plan.seats },
    subscribed: plan.subscribed,
    status: plan.status,
    billingPeriod: plan.billingPeriod,
    periodStart: plan.period.start.toISOString(),
    periodEnd: plan.period.end.toISOString(),
    provider: plan.provider,
    seats,
    signatures: { used: usage.signaturesUsed, total: plan.plan.signaturesPerPeriod },
    apiCredits: { used: usage.apiCreditsUsed, total: plan.plan.apiCreditsPerPeriod },
  };
}

/** POST /subscription/plans: the offered plans, in the operator's order. */
export async function listPlans(deps: BillingDeps, member: Member): Promise<ListPlansResponse> {
  requireTeamReader(member);
  const plans = await deps.db
    .selectFrom("plan")
    .selectAll()
    .where("active", "=", true)
    .orderBy("position")
    .orderBy("code")
    .limit(50)
    .execute();
  return { plans: plans.map(planView) };
}
