import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { verifySsoDomain } from "../../sso/sso-domains";
import type { SsoDeps } from "../../sso/sso-deps";

/** POST /sso/verify-domain: looks up a claimed domain's DNS TXT record and marks it verified. */
export function registerSsoVerifyDomain(app: AppRouter, deps: SsoDeps): void {
  const endpoint = endpoints.sso.verifyDomain;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await verifySsoDomain(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
