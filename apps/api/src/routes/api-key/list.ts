import { endpoints } from "@paraphe/api-sdk/contract";
import type { ApiKeyDeps } from "../../api-keys/api-key-deps";
import { listApiKeys } from "../../api-keys/api-keys";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";

/** POST /api-key/list: the team's API keys, active and revoked (never a secret). */
export function registerApiKeyList(app: AppRouter, deps: ApiKeyDeps): void {
  const endpoint = endpoints.apiKey.list;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await listApiKeys(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(answer));
  });
}
