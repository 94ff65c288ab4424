import { type GetSubscriptionResponse, type Plan } from "@paraphe/api-sdk/contract";
import { ok, type Handlers } from "./server";

export const PLAN_FREE: Plan = {
  code: "free",
  name: { en: "Free", fr: "Gratuit" },
  monthlyPriceCents: 0,
  annualPriceCents: 0,
  currency: "EUR",
  seats: 3,
  signaturesPerPeriod: 10,
  apiCreditsPerPeriod: 100,
  recommended: false,
};

export const PLAN_TEAM: Plan = {
  code: "team",
  name: { en: "Team", fr: "Équipe" },
  monthlyPriceCents: 2900,
  annualPriceCents: 29000,
  currency: "EUR",
  seats: 10,
  signaturesPerPeriod: 200,
  apiCreditsPerPeriod: 5000,
  recommended: true,
};

export const SUBSCRIPTION_TEAM: GetSubscriptionResponse = {
  plan: PLAN_TEAM,
  subscribed: true,
  status: "active",
  billingPeriod: "monthly",
  periodStart: "2026-11-01T00:00:00.000Z",
  periodEnd: "2026-12-01T00:00:00.000Z",
  provider: "embedded",
  seats: { used: 4, total: 10 },
  signatures: { used: 12, total: 200 },
  apiCredits: { used: 0, total: null },
};

/** POST /subscription/get and /subscription/plans. */
export function createSubscriptionHandlers(
  subscription: GetSubscriptionResponse = SUBSCRIPTION_TEAM,
  plans: Plan[] = [PLAN_FREE, PLAN_TEAM],
): Handlers {
  return {
    "/subscription/get": () => ok(subscription),
    "/subscription/plans": () => ok({ plans }),
  };
}
