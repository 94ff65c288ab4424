import { endpoints } from "@paraphe/api-sdk/contract";
import { usageSeries as seriesOfUsage } from "../../billing/usage-queries";
import { billingDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /usage/series: envelopes sent and API credits consumed per day, week or month. */
export const usageSeries = handler(
  endpoints.usage.series,
  "member",
  billingDeps,
  async ({ member, input, deps }) => {
    return seriesOfUsage(deps, member, input);
  },
);
