import { endpoints } from "@paraphe/api-sdk/contract";
import { clientInfo } from "../../../identity/client-info";
import { startOidcLogin } from "../../../sso/oidc-login";
import { ssoDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/** POST /auth/oidc/start: the identity provider's authorization URL for a login by SSO. */
export const oidcStart = handler(
  endpoints.oidc.start,
  "app",
  ssoDeps,
  async ({ input, deps, c }) => {
    const body = input;
    return startOidcLogin(deps, {
      email: body.email,
      returnPath: body.returnPath,
      client: clientInfo(c),
    });
  },
);
