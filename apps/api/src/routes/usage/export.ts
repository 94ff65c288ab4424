import { endpoints } from "@paraphe/api-sdk/contract";
import { exportUsage } from "../../billing/usage-queries";
import { billingDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /usage/export: the usage log of a range, at most 10,000 events, for a CSV or JSON file. */
export const usageExport = handler(
  endpoints.usage.export,
  "member",
  billingDeps,
  async ({ member, input, deps }) => {
    return exportUsage(deps, member, input);
  },
);
