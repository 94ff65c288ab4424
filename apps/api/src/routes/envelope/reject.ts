import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { rejectEnvelope } from "../../envelopes/reject-envelope";
import { validateJson } from "../../http/validate";
import { requestOrigin } from "./origin";

/**
 * POST /envelope/reject (public, authorised by the access link): an approver rejects with a
 * reason; the envelope is declined.
 */
export function registerEnvelopeReject(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.reject;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    return c.json(
      endpoint.response.parse(await rejectEnvelope(deps, c.req.valid("json"), requestOrigin(c))),
    );
  });
}
