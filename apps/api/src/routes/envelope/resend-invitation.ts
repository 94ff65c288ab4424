import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { resendInvitation } from "../../envelopes/resend-invitation";
import { loadDetail } from "../../envelopes/views";
import { validateJson } from "../../http/validate";

/**
 * POST /envelope/resend-invitation: mails a recipient who has not signed a new link, revoking the
 * previous one. Needs the right to update the envelope (team and workspace scoped).
 */
export function registerEnvelopeResendInvitation(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.resendInvitation;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const input = c.req.valid("json");
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await resendInvitation(deps, envelope.id, input.recipientUuid);
    return c.json(endpoint.response.parse(await loadDetail(deps, envelope.id, member.email)));
  });
}
