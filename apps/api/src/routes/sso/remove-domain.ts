import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { removeSsoDomain } from "../../sso/sso-domains";
import type { SsoDeps } from "../../sso/sso-deps";

/** POST /sso/remove-domain: removes a domain from the team's single sign-on. */
export function registerSsoRemoveDomain(app: AppRouter, deps: SsoDeps): void {
  const endpoint = endpoints.sso.removeDomain;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await removeSsoDomain(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
