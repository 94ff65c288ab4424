import { endpoints } from "@paraphe/api-sdk/contract";
import { loadProfile, updateProfile } from "../../identity/profile";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /user/update-profile: names (required), phone (optional) and preferred language. */
export const userUpdateProfile = handler(
  endpoints.user.updateProfile,
  "session",
  identityDeps,
  async ({ caller, input, deps }) => {
    await updateProfile(deps, caller.userId, input, deps.now());
    return loadProfile(deps, deps.config, caller.userId);
  },
);
