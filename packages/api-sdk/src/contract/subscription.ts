import { z } from "zod";

/**
 * Subscription (spec §2 `/settings/subscription`, §3 Subscription, §9; issue 15): the team's plan,
 * its status and current period, seats used out of total (or unlimited), electronic signatures
 * (one per envelope sent) and API credits (one per call signed with a team API key) used in the
 * period out of the plan's limit (null: unlimited), and the offered plans with monthly and annual
 * prices in cents without VAT. Every member whose role reads the Team reads their own team's.
 * Plans are set by the operator (`paraphe-admin`) or a payment provider; no call changes them.
 */

const isoDate = z.iso.datetime();
const limit = z.number().int().min(0).nullable();

export const planSchema = z.object({
  code: z.string(),
  name: z.object({ en: z.string(), fr: z.string() }),
  /** Prices in cents, without VAT. */
  monthlyPriceCents: z.number().int().min(0),
  annualPriceCents: z.number().int().min(0),
  currency: z.string(),
  /** Null: unlimited. */
  seats: limit,
  signaturesPerPeriod: limit,
  apiCreditsPerPeriod: limit,
  recommended: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const meterSchema = z.object({ used: z.number().int().min(0), total: limit });

// POST /subscription/get: the caller's team's subscription and its use in the current period.
export const getSubscriptionRequestSchema = z.object({});
export const getSubscriptionResponseSchema = z.object({
  plan: planSchema,
  /** False for a team on the default plan (no subscription recorded). */
  subscribed: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  billingPeriod: z.enum(["monthly", "annual"]),
  periodStart: isoDate,
  periodEnd: isoDate,
  /** `embedded` (set by the operator) or the payment provider's name. */
  provider: z.string(),
  seats: meterSchema,
  signatures: meterSchema,
  apiCredits: meterSchema,
});
export type GetSubscriptionResponse = z.infer<typeof getSubscriptionResponseSchema>;

// POST /subscription/plans: the offered plans, in order, one of them recommended.
export const listPlansRequestSchema = z.object({});
export const listPlansResponseSchema = z.object({ plans: z.array(planSchema) });
export type ListPlansResponse = z.infer<typeof listPlansResponseSchema>;
