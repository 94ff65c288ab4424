import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { sendEnvelope } from "../../envelopes/send-envelope";
import { loadDetail } from "../../envelopes/views";
import { validateJson } from "../../http/validate";
import { requestOrigin } from "./origin";
/** POST /envelope/send: checks the draft and invites the recipients. */
export function registerEnvelopeSend(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.send;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const input = c.req.valid("json");
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await sendEnvelope(deps, member, envelope.id, requestOrigin(c));
    return c.json(endpoint.response.parse(await loadDetail(deps, envelope.id, member.email)));
  });
}
