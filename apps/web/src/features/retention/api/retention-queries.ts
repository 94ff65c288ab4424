import { type SaveRetentionRequest } from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { retentionKeys } from "./keys";

type Api = ReturnType<typeof useApi>;

/** POST /retention/get: the team's retention policy (Owners only). */
export function retentionQueryOptions(api: Api) {
  return queryOptions({
    queryKey: retentionKeys.policy(),
    queryFn: ({ signal }) => api.retention.get({}, { signal }),
  });
}

export function useRetentionPolicy() {
  return useQuery(retentionQueryOptions(useApi()));
}

/** POST /retention/save: the answer is the saved policy, which replaces the cached one. */
export function useSaveRetentionPolicy() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveRetentionRequest) => api.retention.save(input),
    onSuccess: (answer) => queryClient.setQueryData(retentionKeys.policy(), answer),
  });
}
