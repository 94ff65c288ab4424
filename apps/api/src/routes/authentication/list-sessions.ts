import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { listSessions, signInSessionLifetimes } from "../../identity/sessions";

/** POST /authentication/list-sessions: the caller's live sessions, the current one flagged. */
export function registerListSessions(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.authentication.listSessions;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    const sessions = await listSessions(
      deps,
      caller.userId,
      caller.accessKey,
      deps.now(),
      signInSessionLifetimes(deps.config),
    );
    return c.json(endpoint.response.parse({ sessions }));
  });
}
