import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { IdentityDeps } from "../../identity/identity-deps";
import { uploadPicture } from "../../identity/pictures";
import { loadProfile } from "../../identity/profile";

/** POST /user/upload-picture: an image under 1 MB, stored as public data. */
export function registerUploadPicture(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.user.uploadPicture;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    const { email } = await loadProfile(deps, deps.config, caller.userId);
    const profilePictureUrl = await uploadPicture(deps, email, c.req.valid("json"));
    return c.json(endpoint.response.parse({ profilePictureUrl }));
  });
}
