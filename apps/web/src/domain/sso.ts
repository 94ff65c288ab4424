import { queryOptions } from "@tanstack/react-query";
import { type WebApi } from "../lib/api/create-web-api";
import { ssoKeys } from "./query-keys";

/**
 * POST /sso/get: the team's configuration (never its secret) and the callback URL. The settings
 * page and the dashboard's single sign-on block read this one query.
 */
export function ssoConfigurationQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: ssoKeys.configuration(),
    queryFn: ({ signal }) => api.sso.get({}, { signal }),
  });
}
