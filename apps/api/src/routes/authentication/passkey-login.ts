import { endpoints } from "@paraphe/api-sdk/contract";
import { clientInfo } from "../../identity/client-info";
import { loginWithPasskey } from "../../identity/passkeys";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /authentication/passkey-login: a verified passkey assertion for a session credential. */
export const authenticationPasskeyLogin = handler(
  endpoints.authentication.passkeyLogin,
  "app",
  identityDeps,
  async ({ input, deps, c }) => {
    const login = await loginWithPasskey(deps, input, clientInfo(c));
    return login;
  },
);
