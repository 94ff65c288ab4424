import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../../http/context";
import { validateJson } from "../../../http/validate";
import { clientInfo } from "../../../identity/client-info";
import { finishOidcLogin } from "../../../sso/oidc-login";
import type { SsoDeps } from "../../../sso/sso-deps";

/** POST /auth/oidc/callback: the identity provider's answer for a session credential. */
export function registerOidcCallback(app: AppRouter, deps: SsoDeps): void {
  const endpoint = endpoints.oidc.callback;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const { query, browserBinding } = c.req.valid("json");
    const answer = await finishOidcLogin(deps, { query, browserBinding, client: clientInfo(c) });
    return c.json(endpoint.response.parse(answer));
  });
}
