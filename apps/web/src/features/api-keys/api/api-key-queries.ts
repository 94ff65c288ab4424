import { type CreateApiKeyRequest } from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { apiKeyKeys } from "./keys";

/** POST /api-key/list: the team's keys, newest first (never a secret). */
export function apiKeysQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => api.apiKey.list({}, { signal }),
    select: (data) => data.apiKeys,
  });
}

export function useApiKeys(enabled = true) {
  return useQuery({ ...apiKeysQueryOptions(useApi()), enabled });
}

/** POST /api-key/create: answers the key and its secret key, this once (never cached). */
export function useCreateApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyRequest) => api.apiKey.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}

/** POST /api-key/revoke: irreversible. */
export function useRevokeApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKeyUuid: string) => api.apiKey.revoke({ apiKeyUuid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
