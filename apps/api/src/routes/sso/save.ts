import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { saveSso } from "../../sso/sso-configuration";
import type { SsoDeps } from "../../sso/sso-deps";

/** POST /sso/save: creates or replaces the team's single sign-on configuration. */
export function registerSsoSave(app: AppRouter, deps: SsoDeps): void {
  const endpoint = endpoints.sso.save;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await saveSso(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
