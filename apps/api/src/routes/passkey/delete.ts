import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { deletePasskey } from "../../identity/passkeys";

/** POST /passkey/delete: removes one of the caller's passkeys (another's id: NOT_FOUND). */
export function registerPasskeyDelete(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.passkey.delete;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    await deletePasskey(deps, caller.userId, c.req.valid("json").id);
    return c.json(endpoint.response.parse({ deleted: true }));
  });
}
