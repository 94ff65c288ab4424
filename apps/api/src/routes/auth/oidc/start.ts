import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../../http/context";
import { validateJson } from "../../../http/validate";
import { clientInfo } from "../../../identity/client-info";
import { startOidcLogin } from "../../../sso/oidc-login";
import type { SsoDeps } from "../../../sso/sso-deps";

/** POST /auth/oidc/start: the identity provider's authorization URL for a login by SSO. */
export function registerOidcStart(app: AppRouter, deps: SsoDeps): void {
  const endpoint = endpoints.oidc.start;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const body = c.req.valid("json");
    const answer = await startOidcLogin(deps, {
      email: body.email,
      returnPath: body.returnPath,
      client: clientInfo(c),
    });
    return c.json(endpoint.response.parse(answer));
  });
}
