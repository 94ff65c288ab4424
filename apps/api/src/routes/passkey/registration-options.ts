import { endpoints } from "@paraphe/api-sdk/contract";
import { registrationOptions } from "../../identity/passkeys";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /passkey/registration-options: WebAuthn creation options for the signed-in person. */
export const passkeyRegistrationOptions = handler(
  endpoints.passkey.registrationOptions,
  "session",
  identityDeps,
  async ({ caller, deps }) => {
    const options = await registrationOptions(deps, caller.userId);
    return { options };
  },
);
