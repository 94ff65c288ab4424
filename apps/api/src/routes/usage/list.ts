import { endpoints } from "@paraphe/api-sdk/contract";
import { listUsage } from "../../billing/usage-queries";
import { billingDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /usage/list: the team's usage log, newest first, by pages (type and date filters). */
export const usageList = handler(
  endpoints.usage.list,
  "member",
  billingDeps,
  async ({ member, input, deps }) => {
    return listUsage(deps, member, input);
  },
);
