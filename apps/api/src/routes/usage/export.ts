import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { BillingDeps } from "../../billing/billing-deps";
import { exportUsage } from "../../billing/usage-queries";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";

/** POST /usage/export: the usage log of a range, at most 10,000 events, for a CSV or JSON file. */
export function registerUsageExport(app: AppRouter, deps: BillingDeps): void {
  const endpoint = endpoints.usage.export;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await exportUsage(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
