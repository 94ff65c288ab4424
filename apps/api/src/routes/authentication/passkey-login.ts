import { endpoints } from "@paraphe/api-sdk/contract";
import { clientInfo } from "../../identity/client-info";
import { loginWithPasskey } from "../../identity/passkeys";
import { withSignedInPerson } from "../../identity/signed-in";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/**
 * POST /authentication/passkey-login: a verified passkey assertion for a session credential, with
 * the person's profile.
 */
export const authenticationPasskeyLogin = handler(
  endpoints.authentication.passkeyLogin,
  "app",
  identityDeps,
  async ({ input, deps, c }) => {
    const login = await loginWithPasskey(deps, input, clientInfo(c));
    return withSignedInPerson(deps, login);
  },
);
