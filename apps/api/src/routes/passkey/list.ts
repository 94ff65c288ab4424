import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { listPasskeys } from "../../identity/passkeys";

/** POST /passkey/list: the caller's passkeys. */
export function registerPasskeyList(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.passkey.list;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    return c.json(endpoint.response.parse({ passkeys: await listPasskeys(deps, caller.userId) }));
  });
}
