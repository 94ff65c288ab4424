import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { loadProfile } from "../../identity/profile";

/** POST /user/profile: the signed-in person, their picture's URL and team with its permissions. */
export function registerUserProfile(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.user.profile;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    return c.json(endpoint.response.parse(await loadProfile(deps, deps.config, caller.userId)));
  });
}
