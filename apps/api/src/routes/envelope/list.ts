import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../membership/members";
import { listEnvelopes } from "../../envelopes/list-envelopes";
import { validateJson } from "../../http/validate";

/** POST /envelope/list: the member's envelopes by filter and workspace, keyset-paginated. */
export function registerEnvelopeList(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.list;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await listEnvelopes(deps, member, c.req.valid("json"))));
  });
}
