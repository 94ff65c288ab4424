import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { cancelEnvelope } from "../../envelopes/cancel-envelope";
import { loadDetail } from "../../envelopes/views";
import { validateJson } from "../../http/validate";
import { requestOrigin } from "./origin";
/** POST /envelope/cancel: cancels an envelope being signed, with a reason; recipients are mailed. */
export function registerEnvelopeCancel(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.cancel;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const input = c.req.valid("json");
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await cancelEnvelope(deps, member, envelope.id, input, requestOrigin(c));
    return c.json(endpoint.response.parse(await loadDetail(deps, envelope.id, member.email)));
  });
}
