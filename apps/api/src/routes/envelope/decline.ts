import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { declineEnvelope } from "../../envelopes/decline-envelope";
import { validateJson } from "../../http/validate";
import { requestOrigin } from "./origin";

/** POST /envelope/decline (public, authorised by the access link): declines with a reason. */
export function registerEnvelopeDecline(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.decline;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    return c.json(
      endpoint.response.parse(await declineEnvelope(deps, c.req.valid("json"), requestOrigin(c))),
    );
  });
}
