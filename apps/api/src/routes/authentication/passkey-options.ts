import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { authenticationOptions } from "../../identity/passkeys";

/** POST /authentication/passkey-options: a challenge for a passkey login (app credential). */
export function registerPasskeyOptions(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.authentication.passkeyOptions;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    return c.json(endpoint.response.parse(await authenticationOptions(deps)));
  });
}
