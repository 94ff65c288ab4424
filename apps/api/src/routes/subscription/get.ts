import { endpoints } from "@paraphe/api-sdk/contract";
import { getSubscription } from "../../billing/subscription-queries";
import { billingDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /subscription/get: the team's plan, status, current period, seats, signatures, credits. */
export const subscriptionGet = handler(
  endpoints.subscription.get,
  "member",
  billingDeps,
  async ({ member, deps }) => {
    return getSubscription(deps, member);
  },
);
