import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { retrySeal } from "../../envelopes/completion";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { loadDetail } from "../../envelopes/views";
import { validateJson } from "../../http/validate";

/** POST /envelope/retry-seal: runs the seal job again for an envelope whose sealing gave up. */
export function registerEnvelopeRetrySeal(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.retrySeal;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const input = c.req.valid("json");
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await retrySeal(deps, envelope.id, new Date(deps.now()));
    return c.json(endpoint.response.parse(await loadDetail(deps, envelope.id, member.email)));
  });
}
