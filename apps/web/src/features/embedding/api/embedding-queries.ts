import { type SaveEmbeddingRequest } from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { embeddingKeys } from "./keys";

type Api = ReturnType<typeof useApi>;

/** POST /embedding/get: the origins that may frame the team's signing pages (Owner, Admin). */
export function embeddingQueryOptions(api: Api) {
  return queryOptions({
    queryKey: embeddingKeys.settings(),
    queryFn: ({ signal }) => api.embedding.get({}, { signal }),
  });
}

export function useEmbeddingSettings() {
  return useQuery(embeddingQueryOptions(useApi()));
}

/** POST /embedding/save: the answer is the saved list, which replaces the cached one. */
export function useSaveEmbeddingSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveEmbeddingRequest) => api.embedding.save(input),
    onSuccess: (answer) => queryClient.setQueryData(embeddingKeys.settings(), answer),
  });
}
