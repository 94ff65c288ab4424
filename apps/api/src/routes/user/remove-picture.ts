import { endpoints } from "@paraphe/api-sdk/contract";
import { removePicture } from "../../identity/pictures";
import { loadProfile } from "../../identity/profile";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /user/remove-picture: back to the generated avatar. */
export const userRemovePicture = handler(
  endpoints.user.removePicture,
  "session",
  identityDeps,
  async ({ caller, deps }) => {
    const { email } = await loadProfile(deps, deps.config, caller.userId);
    return { removed: await removePicture(deps, email) };
  },
);
