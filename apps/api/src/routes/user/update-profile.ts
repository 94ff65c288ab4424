import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { loadProfile, updateProfile } from "../../identity/profile";

/** POST /user/update-profile: names (required), phone (optional) and preferred language. */
export function registerUpdateProfile(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.user.updateProfile;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    await updateProfile(deps, caller.userId, c.req.valid("json"), deps.now());
    return c.json(endpoint.response.parse(await loadProfile(deps, deps.config, caller.userId)));
  });
}
