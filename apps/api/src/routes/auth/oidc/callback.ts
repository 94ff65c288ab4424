import { endpoints } from "@paraphe/api-sdk/contract";
import { clientInfo } from "../../../identity/client-info";
import { finishOidcLogin } from "../../../sso/oidc-login";
import { ssoDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/** POST /auth/oidc/callback: the identity provider's answer for a session credential. */
export const oidcCallback = handler(
  endpoints.oidc.callback,
  "app",
  ssoDeps,
  async ({ input, deps, c }) => {
    const { query, browserBinding } = input;
    return finishOidcLogin(deps, { query, browserBinding, client: clientInfo(c) });
  },
);
