import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { signEnvelope } from "../../envelopes/sign-envelope";
import { validateJson } from "../../http/validate";
import { requestOrigin } from "./origin";

/** POST /envelope/sign (public, authorised by the access link). */
export function registerEnvelopeSign(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.sign;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    return c.json(
      endpoint.response.parse(await signEnvelope(deps, c.req.valid("json"), requestOrigin(c))),
    );
  });
}
