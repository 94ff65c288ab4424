import { endpoints } from "@paraphe/api-sdk/contract";
import type { ApiKeyDeps } from "../../api-keys/api-key-deps";
import { createApiKey } from "../../api-keys/api-keys";
import { requireSessionCaller } from "../../auth/caller";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";

/** POST /api-key/create: a new API key of the team; the answer carries its secret key, this once. */
export function registerApiKeyCreate(app: AppRouter, deps: ApiKeyDeps): void {
  const endpoint = endpoints.apiKey.create;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const answer = await createApiKey(deps, requireSessionCaller(c).userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(answer));
  });
}
