import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import type { BillingProvider, SubscriptionChange } from "./billing-provider";
import { addMonths } from "./periods";
import { loadPlan, recordUsageEvent } from "./subscriptions";

/**
 * The embedded billing provider: no payment, the operator sets plans with `paraphe-admin`. A change
 * of plan or billing period starts a new period at `at`; a change of status alone keeps the period.
 */
export const embeddedBillingProvider: BillingProvider = {
  name: "embedded",
  async applyChange(trx: Kysely<Database>, change: SubscriptionChange): Promise<void> {
    const plan = await loadPlan(trx, change.planCode);
    if (plan === undefined) {
      throw new AppError("NOT_FOUND", { message: `There is no plan "${change.planCode}".` });
    }
    const team = await trx
      .selectFrom("team")
      .select("id")
      .where("id", "=", change.teamId)
      .forUpdate()
      .executeTakeFirst();
    if (team === undefined) throw new AppError("NOT_FOUND", { message: "There is no such team." });
    const previous = await trx
      .selectFrom("teamSubscription")
      .selectAll()
      .where("teamId", "=", change.teamId)
      .executeTakeFirst();
    const samePeriod =
      previous !== undefined &&
      previous.planCode === change.planCode &&
      previous.billingPeriod === change.billingPeriod;
    const periodStart = samePeriod ? previous.periodStart : change.at;
    const periodEnd = samePeriod
      ? previous.periodEnd
      : addMonths(change.at, change.billingPeriod === "annual" ? 12 : 1);
    const row = {
      planCode: change.planCode,
      status: change.status,
      billingPeriod: change.billingPeriod,
      periodStart,
      periodEnd,
      provider: "embedded",
      providerReference: change.providerReference,
      updatedAt: change.at,
    };
    await trx
      .insertInto("teamSubscription")
      .values({ teamId: change.teamId, ...row })
      .onConflict((oc) => oc.column("teamId").doUpdateSet(row))
      .execute();
    await recordUsageEvent(trx, {
      teamId: change.teamId,
      at: change.at,
      type: "plan_changed",
      details: {
        plan: change.planCode,
        billingPeriod: change.billingPeriod,
        status: change.status,
        previousPlan: previous?.planCode ?? null,
      },
      userId: change.userId,
    });
  },
};
