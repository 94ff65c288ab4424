import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { BillingDeps } from "../../billing/billing-deps";
import { listPlans } from "../../billing/subscription-queries";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";

/** POST /subscription/plans: the offered plans with monthly and annual prices without VAT. */
export function registerSubscriptionPlans(app: AppRouter, deps: BillingDeps): void {
  const endpoint = endpoints.subscription.plans;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await listPlans(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(answer));
  });
}
