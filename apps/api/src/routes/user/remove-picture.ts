import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { removePicture } from "../../identity/pictures";
import { loadProfile } from "../../identity/profile";

/** POST /user/remove-picture: back to the generated avatar. */
export function registerRemovePicture(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.user.removePicture;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    const { email } = await loadProfile(deps, deps.config, caller.userId);
    return c.json(endpoint.response.parse({ removed: await removePicture(deps, email) }));
  });
}
