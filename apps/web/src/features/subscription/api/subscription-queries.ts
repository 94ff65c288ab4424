import { queryOptions, useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { subscriptionKeys } from "./keys";

/** POST /subscription/get: the team's plan, status, period and use. */
export function subscriptionQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: subscriptionKeys.current(),
    queryFn: ({ signal }) => api.subscription.get({}, { signal }),
  });
}

/** POST /subscription/plans: the offered plans. */
export function plansQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: subscriptionKeys.plans(),
    queryFn: ({ signal }) => api.subscription.plans({}, { signal }),
    select: (data) => data.plans,
  });
}

export function useSubscription() {
  return useQuery(subscriptionQueryOptions(useApi()));
}

export function usePlans() {
  return useQuery(plansQueryOptions(useApi()));
}
