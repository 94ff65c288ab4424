import { type ListSsoDomainsResponse, type SsoDomain } from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ssoKeys } from "./keys";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";

/** POST /sso/list-domains: the team's single sign-on domains, with the TXT record each needs. */
export function ssoDomainsQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: ssoKeys.domains(),
    queryFn: ({ signal }) => api.sso.listDomains({}, { signal }),
  });
}

export function useSsoDomains() {
  return useQuery(ssoDomainsQueryOptions(useApi()));
}

/** Puts one domain as the api answered it into the cached list. */
function useSetDomain() {
  const queryClient = useQueryClient();
  return (domain: SsoDomain) =>
    queryClient.setQueryData<ListSsoDomainsResponse>(ssoKeys.domains(), (list) =>
      list === undefined
        ? list
        : {
            domains: list.domains.some((item) => item.uuid === domain.uuid)
              ? list.domains.map((item) => (item.uuid === domain.uuid ? domain : item))
              : [...list.domains, domain],
          },
    );
}

/** POST /sso/add-domain. */
export function useAddSsoDomain() {
  const api = useApi();
  const setDomain = useSetDomain();
  return useMutation({
    mutationFn: (domain: string) => api.sso.addDomain({ domain }),
    onSuccess: ({ domain }) => setDomain(domain),
  });
}

/** POST /sso/verify-domain. */
export function useVerifySsoDomain() {
  const api = useApi();
  const setDomain = useSetDomain();
  return useMutation({
    mutationFn: (domainUuid: string) => api.sso.verifyDomain({ domainUuid }),
    onSuccess: ({ domain }) => setDomain(domain),
  });
}

/** POST /sso/remove-domain. */
export function useRemoveSsoDomain() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainUuid: string) => api.sso.removeDomain({ domainUuid }),
    onSuccess: (_answer, domainUuid) =>
      queryClient.setQueryData<ListSsoDomainsResponse>(ssoKeys.domains(), (list) =>
        list === undefined
          ? list
          : { domains: list.domains.filter((item) => item.uuid !== domainUuid) },
      ),
  });
}
