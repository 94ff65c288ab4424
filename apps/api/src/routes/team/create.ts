import { endpoints } from "@paraphe/api-sdk/contract";
import { loadProfile } from "../../identity/profile";
import { createTeam } from "../../identity/teams";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/create: onboarding; answers the profile with the new team. */
export const teamCreate = handler(
  endpoints.team.create,
  "session",
  identityDeps,
  async ({ caller, input, deps }) => {
    await createTeam(deps, caller.userId, input);
    return loadProfile(deps, deps.config, caller.userId);
  },
);
