import { endpoints } from "@paraphe/api-sdk/contract";
import { clientInfo } from "../../identity/client-info";
import { verifyLoginCode } from "../../identity/login-codes";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /authentication/verify-code: a login code for a session credential. */
export const authenticationVerifyCode = handler(
  endpoints.authentication.verifyCode,
  "app",
  identityDeps,
  async ({ input, deps, c }) => {
    const body = input;
    const login = await verifyLoginCode(deps, { ...body, client: clientInfo(c) });
    return login;
  },
);
