import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { openEnvelope } from "../../envelopes/open-envelope";
import { validateJson } from "../../http/validate";
import { requestOrigin } from "./origin";

/** POST /envelope/open (public, authorised by the access link): what the signing page shows. */
export function registerEnvelopeOpen(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.open;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    return c.json(
      endpoint.response.parse(await openEnvelope(deps, c.req.valid("json"), requestOrigin(c))),
    );
  });
}
