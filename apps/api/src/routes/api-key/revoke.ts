import { endpoints } from "@paraphe/api-sdk/contract";
import type { ApiKeyDeps } from "../../api-keys/api-key-deps";
import { revokeApiKey } from "../../api-keys/api-keys";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";

/** POST /api-key/revoke: the key stops working at once; irreversible. */
export function registerApiKeyRevoke(app: AppRouter, deps: ApiKeyDeps): void {
  const endpoint = endpoints.apiKey.revoke;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await revokeApiKey(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
