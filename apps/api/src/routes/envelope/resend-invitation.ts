import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { resendInvitation } from "../../envelopes/resend-invitation";
import { loadDetail } from "../../envelopes/views";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/**
 * POST /envelope/resend-invitation: mails a recipient who has not signed a new link, revoking the
 * previous one. Needs the right to update the envelope (team and workspace scoped).
 */
export const envelopeResendInvitation = handler(
  endpoints.envelope.resendInvitation,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await resendInvitation(deps, envelope.id, input.recipientUuid);
    return loadDetail(deps, envelope.id, member.email);
  },
);
