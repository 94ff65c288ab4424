import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { loadProfile } from "../../identity/profile";
import { createTeam } from "../../identity/teams";

/** POST /team/create: onboarding; answers the profile with the new team. */
export function registerCreateTeam(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.team.create;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    await createTeam(deps, caller.userId, c.req.valid("json"));
    return c.json(endpoint.response.parse(await loadProfile(deps, deps.config, caller.userId)));
  });
}
