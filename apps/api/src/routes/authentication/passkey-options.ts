import { endpoints } from "@paraphe/api-sdk/contract";
import { authenticationOptions } from "../../identity/passkeys";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /authentication/passkey-options: a challenge for a passkey login (app credential). */
export const authenticationPasskeyOptions = handler(
  endpoints.authentication.passkeyOptions,
  "app",
  identityDeps,
  async ({ deps }) => {
    return authenticationOptions(deps);
  },
);
