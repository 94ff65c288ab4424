import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { clientInfo } from "../../identity/client-info";
import type { IdentityDeps } from "../../identity/identity-deps";
import { loginWithPasskey } from "../../identity/passkeys";

/** POST /authentication/passkey-login: a verified passkey assertion for a session credential. */
export function registerPasskeyLogin(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.authentication.passkeyLogin;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const login = await loginWithPasskey(deps, c.req.valid("json"), clientInfo(c));
    return c.json(endpoint.response.parse(login));
  });
}
