import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { approveEnvelope } from "../../envelopes/approve-envelope";
import { validateJson } from "../../http/validate";
import { requestOrigin } from "./origin";

/** POST /envelope/approve (public, authorised by the access link): an approver approves. */
export function registerEnvelopeApprove(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.approve;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    return c.json(
      endpoint.response.parse(await approveEnvelope(deps, c.req.valid("json"), requestOrigin(c))),
    );
  });
}
