import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { getSso } from "../../sso/sso-configuration";
import type { SsoDeps } from "../../sso/sso-deps";

/** POST /sso/get: the team's single sign-on configuration (never its client secret), or null. */
export function registerSsoGet(app: AppRouter, deps: SsoDeps): void {
  const endpoint = endpoints.sso.get;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await getSso(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(answer));
  });
}
