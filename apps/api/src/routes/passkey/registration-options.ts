import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { registrationOptions } from "../../identity/passkeys";

/** POST /passkey/registration-options: WebAuthn creation options for the signed-in person. */
export function registerPasskeyRegistrationOptions(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.passkey.registrationOptions;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    const options = await registrationOptions(deps, caller.userId);
    return c.json(endpoint.response.parse({ options }));
  });
}
