import { endpoints } from "@paraphe/api-sdk/contract";
import { clientInfo } from "../../identity/client-info";
import { requestLoginCode } from "../../identity/login-codes";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /authentication/request-code: mails a login code (same answer for every email). */
export const authenticationRequestCode = handler(
  endpoints.authentication.requestCode,
  "app",
  identityDeps,
  async ({ input, deps, c }) => {
    const body = input;
    return requestLoginCode(deps, {
      email: body.email,
      language: body.language,
      acceptLanguage: c.req.header("Accept-Language"),
      client: clientInfo(c),
    });
  },
);
