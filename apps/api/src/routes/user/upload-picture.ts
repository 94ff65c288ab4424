import { endpoints } from "@paraphe/api-sdk/contract";
import { uploadPicture } from "../../identity/pictures";
import { loadProfile } from "../../identity/profile";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /user/upload-picture: an image under 1 MB, stored as public data. */
export const userUploadPicture = handler(
  endpoints.user.uploadPicture,
  "session",
  identityDeps,
  async ({ caller, input, deps }) => {
    const { email } = await loadProfile(deps, deps.config, caller.userId);
    const profilePictureUrl = await uploadPicture(deps, email, input);
    return { profilePictureUrl };
  },
);
