import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { BillingDeps } from "../../billing/billing-deps";
import { listUsage } from "../../billing/usage-queries";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";

/** POST /usage/list: the team's usage log, newest first, by pages (type and date filters). */
export function registerUsageList(app: AppRouter, deps: BillingDeps): void {
  const endpoint = endpoints.usage.list;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await listUsage(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
