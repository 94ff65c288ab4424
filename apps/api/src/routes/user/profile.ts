import { endpoints } from "@paraphe/api-sdk/contract";
import { loadProfile } from "../../identity/profile";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /user/profile: the signed-in person, their picture's URL and team with its permissions. */
export const userProfile = handler(
  endpoints.user.profile,
  "session",
  identityDeps,
  async ({ caller, deps }) => {
    return loadProfile(deps, deps.config, caller.userId);
  },
);
