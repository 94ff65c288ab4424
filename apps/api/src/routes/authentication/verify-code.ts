import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { clientInfo } from "../../identity/client-info";
import type { IdentityDeps } from "../../identity/identity-deps";
import { verifyLoginCode } from "../../identity/login-codes";

/** POST /authentication/verify-code: a login code for a session credential. */
export function registerVerifyCode(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.authentication.verifyCode;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const body = c.req.valid("json");
    const login = await verifyLoginCode(deps, { ...body, client: clientInfo(c) });
    return c.json(endpoint.response.parse(login));
  });
}
