import { type DiscoverSsoRequest, type SaveSsoRequest } from "@paraphe/api-sdk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ssoKeys } from "./keys";
import { ssoConfigurationQueryOptions } from "../../../domain/sso";
import { useApi } from "../../../lib/api/api-context";

export function useSsoConfiguration() {
  return useQuery(ssoConfigurationQueryOptions(useApi()));
}

/** POST /team/list-roles: the roles a person joining through single sign-on may get. */
export function useSsoRoles() {
  const api = useApi();
  return useQuery({
    queryKey: ["roles", "list"],
    queryFn: ({ signal }) => api.team.listRoles({}, { signal }),
  });
}

/** POST /sso/save: the configuration as the settings page and the dashboard show it. */
export function useSaveSso() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveSsoRequest) => api.sso.save(request),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}

/** POST /sso/discover: the URLs the issuer's discovery document names. */
export function useDiscoverSso() {
  const api = useApi();
  return useMutation({
    mutationFn: (request: DiscoverSsoRequest) => api.sso.discover(request),
  });
}

/** POST /sso/delete. */
export function useDeleteSso() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.sso.delete({}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}
