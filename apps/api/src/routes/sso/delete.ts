import { endpoints } from "@paraphe/api-sdk/contract";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { deleteSso } from "../../sso/sso-configuration";
import type { SsoDeps } from "../../sso/sso-deps";

/** POST /sso/delete: removes the team's single sign-on configuration. */
export function registerSsoDelete(app: AppRouter, deps: SsoDeps): void {
  const endpoint = endpoints.sso.delete;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await deleteSso(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(answer));
  });
}
