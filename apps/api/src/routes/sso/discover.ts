import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { discoverSso } from "../../sso/discovery";
import type { SsoDeps } from "../../sso/sso-deps";

/** POST /sso/discover: the URLs of an issuer's discovery document, to prefill the SSO form. */
export function registerSsoDiscover(app: AppRouter, deps: SsoDeps): void {
  const endpoint = endpoints.sso.discover;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const { issuerUrl } = c.req.valid("json");
    const answer = await discoverSso(deps, requireSessionCaller(c).userId, issuerUrl);
    return c.json(endpoint.response.parse(answer));
  });
}
