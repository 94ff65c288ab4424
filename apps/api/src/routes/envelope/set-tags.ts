import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { loadDetail } from "../../envelopes/views";
import { validateJson } from "../../http/validate";
import { setEnvelopeTags } from "../../tags/set-envelope-tags";

/** POST /envelope/set-tags: replaces the envelope's tags. */
export function registerEnvelopeSetTags(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.setTags;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const input = c.req.valid("json");
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await setEnvelopeTags(deps, member, envelope.id, input.tagUuids);
    return c.json(endpoint.response.parse(await loadDetail(deps, envelope.id, member.email)));
  });
}
