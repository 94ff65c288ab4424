import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { BillingDeps } from "../../billing/billing-deps";
import { getSubscription } from "../../billing/subscription-queries";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";

/** POST /subscription/get: the team's plan, status, current period, seats, signatures, credits. */
export function registerSubscriptionGet(app: AppRouter, deps: BillingDeps): void {
  const endpoint = endpoints.subscription.get;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await getSubscription(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(answer));
  });
}
