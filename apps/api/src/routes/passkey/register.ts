import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { registerPasskey } from "../../identity/passkeys";
import { sessionEmailProven } from "../../identity/sessions";

/** POST /passkey/register: verifies the browser's registration and stores the passkey. */
export function registerPasskeyRegister(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.passkey.register;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    const passkey = await registerPasskey(
      deps,
      caller.userId,
      c.req.valid("json").response,
      await sessionEmailProven(deps, caller.accessKey),
    );
    return c.json(endpoint.response.parse(passkey));
  });
}
