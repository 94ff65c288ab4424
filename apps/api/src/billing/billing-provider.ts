import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { BillingPeriod } from "./periods";

/** A change of a team's subscription, as an operator or a payment provider's webhook states it. */
export interface SubscriptionChange {
  teamId: string;
  planCode: string;
  billingPeriod: BillingPeriod;
  status: "active" | "past_due" | "canceled";
  /** The provider's own reference (its subscription id); null for the embedded provider. */
  providerReference: string | null;
  at: Date;
  /** The member who made the change, when one did. */
  userId: string | null;
}

/**
 * Where billing plugs in (README "Billing"). The embedded provider takes changes from the operator
 * command (`paraphe-admin`); a payment provider (Stripe or another) would implement the same
 * interface: its checkout creates the subscription on its side, and its signed webhooks call
 * `applyChange` with the plan, status and its reference, so limits and usage stay in one place.
 * No payment provider is bundled, and none is faked.
 */
export interface BillingProvider {
  /** Recorded in `team_subscription.provider`. */
  readonly name: string;
  /** Writes the change in `trx` (a plan_changed usage event included). */
  applyChange(trx: Kysely<Database>, change: SubscriptionChange): Promise<void>;
}
