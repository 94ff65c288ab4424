import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import { clientInfo } from "../../identity/client-info";
import type { IdentityDeps } from "../../identity/identity-deps";
import { requestLoginCode } from "../../identity/login-codes";

/** POST /authentication/request-code: mails a login code (same answer for every email). */
export function registerRequestCode(app: AppRouter, deps: IdentityDeps): void {
  const endpoint = endpoints.authentication.requestCode;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const body = c.req.valid("json");
    const answer = await requestLoginCode(deps, {
      email: body.email,
      language: body.language,
      acceptLanguage: c.req.header("Accept-Language"),
      client: clientInfo(c),
    });
    return c.json(endpoint.response.parse(answer));
  });
}
