import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { BillingDeps } from "../../billing/billing-deps";
import { usageSeries } from "../../billing/usage-queries";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";

/** POST /usage/series: envelopes sent and API credits consumed per day, week or month. */
export function registerUsageSeries(app: AppRouter, deps: BillingDeps): void {
  const endpoint = endpoints.usage.series;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await usageSeries(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
