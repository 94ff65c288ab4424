import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { moveEnvelope } from "../../envelopes/move-envelope";
import { loadDetail } from "../../envelopes/views";
import { validateJson } from "../../http/validate";

/** POST /envelope/move: to another workspace of the team that the caller belongs to. */
export function registerEnvelopeMove(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.move;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const input = c.req.valid("json");
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await moveEnvelope(deps, member, envelope.id, input.workspaceUuid);
    return c.json(endpoint.response.parse(await loadDetail(deps, envelope.id, member.email)));
  });
}
