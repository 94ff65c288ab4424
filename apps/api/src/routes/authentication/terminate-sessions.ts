import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { terminateSessions } from "../../identity/sessions";

/**
 * POST /authentication/terminate-sessions: ends the caller's sessions named in
 * `filter.accessKeys` (the current one included, at logout). Keys of other people's sessions are
 * ignored, silently: the answer counts only what was ended.
 */
export function registerTerminateSessions(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.authentication.terminateSessions;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    const { filter } = c.req.valid("json");
    const terminated = await terminateSessions(deps, caller.userId, filter.accessKeys, deps.now());
    return c.json(endpoint.response.parse({ terminated }));
  });
}
