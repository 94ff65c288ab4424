import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { loadDetail } from "../../envelopes/views";
import { validateJson } from "../../http/validate";

/** POST /envelope/get: the whole envelope (documents, recipients, fields, options). */
export function registerEnvelopeGet(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.get;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const { envelopeUuid } = c.req.valid("json");
    const envelope = await findEnvelopeForMember(deps, member, envelopeUuid, "read");
    return c.json(endpoint.response.parse(await loadDetail(deps, envelope.id, member.email)));
  });
}
