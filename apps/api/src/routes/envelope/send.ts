import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { sendEnvelope } from "../../envelopes/send-envelope";
import { loadDetail } from "../../envelopes/views";
import { requestOrigin } from "./origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";
/** POST /envelope/send: checks the draft and invites the recipients. */
export const envelopeSend = handler(
  endpoints.envelope.send,
  "memberOrEmbed",
  envelopeDeps,
  async ({ member, input, deps, c }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await sendEnvelope(deps, member, envelope.id, requestOrigin(c));
    return loadDetail(deps, envelope.id, member.email);
  },
);
