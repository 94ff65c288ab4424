import { endpoints } from "@paraphe/api-sdk/contract";
import { clientInfo } from "../../identity/client-info";
import { verifyLoginCode } from "../../identity/login-codes";
import { withSignedInPerson } from "../../identity/signed-in";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/**
 * POST /authentication/verify-code: a login code for a session credential, with the person's
 * profile and whether they have a passkey.
 */
export const authenticationVerifyCode = handler(
  endpoints.authentication.verifyCode,
  "app",
  identityDeps,
  async ({ input, deps, c }) => {
    const login = await verifyLoginCode(deps, { ...input, client: clientInfo(c) });
    return withSignedInPerson(deps, login);
  },
);
