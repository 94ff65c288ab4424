import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { cancelEnvelope } from "../../envelopes/cancel-envelope";
import { loadDetail } from "../../envelopes/views";
import { requestOrigin } from "./origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";
/** POST /envelope/cancel: cancels an envelope being signed, with a reason; recipients are mailed. */
export const envelopeCancel = handler(
  endpoints.envelope.cancel,
  "member",
  envelopeDeps,
  async ({ member, input, deps, c }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await cancelEnvelope(deps, member, envelope.id, input, requestOrigin(c));
    return loadDetail(deps, envelope.id, member.email);
  },
);
