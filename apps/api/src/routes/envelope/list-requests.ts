import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { listRequestsOfUser } from "../../envelopes/queries";
import { validateJson } from "../../http/validate";

/** POST /envelope/list-requests: the signing requests addressed to the caller, pending first. */
export function registerEnvelopeListRequests(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.listRequests;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const requests = await listRequestsOfUser(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse({ requests }));
  });
}
