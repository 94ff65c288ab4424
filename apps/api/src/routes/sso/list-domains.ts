import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { listSsoDomains } from "../../sso/sso-domains";
import type { SsoDeps } from "../../sso/sso-deps";

/** POST /sso/list-domains: the team's single sign-on domains, with the DNS record each needs. */
export function registerSsoListDomains(app: AppRouter, deps: SsoDeps): void {
  const endpoint = endpoints.sso.listDomains;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await listSsoDomains(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(answer));
  });
}
