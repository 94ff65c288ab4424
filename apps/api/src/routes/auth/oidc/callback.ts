import { endpoints } from "@paraphe/api-sdk/contract";
import { clientInfo } from "../../../identity/client-info";
import { withSignedInPerson } from "../../../identity/signed-in";
import { finishOidcLogin } from "../../../sso/oidc-login";
import { ssoDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/**
 * POST /auth/oidc/callback: the identity provider's answer for a session credential, with the
 * person's profile.
 */
export const oidcCallback = handler(
  endpoints.oidc.callback,
  "app",
  (app) => ({ ...ssoDeps(app), blobStore: app.blobStore }),
  async ({ input, deps, c }) => {
    const { query, browserBinding } = input;
    const login = await finishOidcLogin(deps, { query, browserBinding, client: clientInfo(c) });
    return withSignedInPerson(deps, login);
  },
);
