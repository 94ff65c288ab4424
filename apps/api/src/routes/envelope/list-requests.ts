import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { listRequestsOfUser } from "../../envelopes/signing-requests";
import { validateJson } from "../../http/validate";
import { sessionEmailProven } from "../../identity/sessions";

/** POST /envelope/list-requests: the signing requests addressed to the caller, pending first. */
export function registerEnvelopeListRequests(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.listRequests;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    const requests = await listRequestsOfUser(deps, caller.userId, {
      acrossTeams: await sessionEmailProven(deps, caller.accessKey),
    });
    return c.json(endpoint.response.parse({ requests }));
  });
}
