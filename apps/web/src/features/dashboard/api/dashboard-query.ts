import { queryOptions, useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { envelopeKeys } from "../../../domain/query-keys";

/** POST /envelope/dashboard: the counts of the dashboard. */
export function dashboardQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: envelopeKeys.dashboard(),
    queryFn: ({ signal }) => api.envelope.dashboard({}, { signal }),
    staleTime: 30_000,
  });
}

export function useDashboard() {
  const api = useApi();
  return useQuery(dashboardQueryOptions(api));
}
