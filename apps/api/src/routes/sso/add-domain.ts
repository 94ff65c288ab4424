import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { addSsoDomain } from "../../sso/sso-domains";
import type { SsoDeps } from "../../sso/sso-deps";

/** POST /sso/add-domain: claims an email domain for the team's single sign-on (pending until verified). */
export function registerSsoAddDomain(app: AppRouter, deps: SsoDeps): void {
  const endpoint = endpoints.sso.addDomain;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await addSsoDomain(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
