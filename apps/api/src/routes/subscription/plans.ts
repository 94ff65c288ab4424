import { endpoints } from "@paraphe/api-sdk/contract";
import { listPlans } from "../../billing/subscription-queries";
import { billingDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /subscription/plans: the offered plans with monthly and annual prices without VAT. */
export const subscriptionPlans = handler(
  endpoints.subscription.plans,
  "member",
  billingDeps,
  async ({ member, deps }) => {
    return listPlans(deps, member);
  },
);
