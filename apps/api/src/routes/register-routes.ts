import type { AppDeps, AppRouter } from "../app";
import { identityDeps } from "../identity/identity-deps";
import { registerListSessions } from "./authentication/list-sessions";
import { registerPasskeyLogin } from "./authentication/passkey-login";
import { registerPasskeyOptions } from "./authentication/passkey-options";
import { registerRequestCode } from "./authentication/request-code";
import { registerTerminateSessions } from "./authentication/terminate-sessions";
import { registerVerifyCode } from "./authentication/verify-code";
import { registerPasskeyDelete } from "./passkey/delete";
import { registerPasskeyList } from "./passkey/list";
import { registerPasskeyRegister } from "./passkey/register";
import { registerPasskeyRegistrationOptions } from "./passkey/registration-options";
import { registerCreateTeam } from "./team/create";
import { registerUserProfile } from "./user/profile";
import { registerRemovePicture } from "./user/remove-picture";
import { registerUpdateProfile } from "./user/update-profile";
import { registerUploadPicture } from "./user/upload-picture";

/**
 * The sealed routes of the api, one file per call named after its path (`routes/user/profile.ts`
 * for `POST /user/profile`). Registered after the tunnel middleware: each takes sealed, signed
 * requests only; `c.get("caller")` says who signed.
 */
export function registerRoutes(app: AppRouter, deps: AppDeps): void {
  const identity = identityDeps(deps);
  registerRequestCode(app, identity);
  registerVerifyCode(app, identity);
  registerListSessions(app, identity);
  registerTerminateSessions(app, identity);
  registerUserProfile(app, identity);
  registerUpdateProfile(app, identity);
  registerUploadPicture(app, identity);
  registerRemovePicture(app, identity);
  registerCreateTeam(app, identity);
  registerPasskeyOptions(app, identity);
  registerPasskeyLogin(app, identity);
  registerPasskeyRegistrationOptions(app, identity);
  registerPasskeyRegister(app, identity);
  registerPasskeyList(app, identity);
  registerPasskeyDelete(app, identity);
}
