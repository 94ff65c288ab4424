import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { saveRecipients } from "../../envelopes/save-recipients";
import { loadDetail } from "../../envelopes/views";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/save-recipients: the recipients of a draft, in signing order. */
export const envelopeSaveRecipients = handler(
  endpoints.envelope.saveRecipients,
  "memberOrEmbed",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await saveRecipients(deps, member, envelope.id, input.recipients);
    return loadDetail(deps, envelope.id, member.email);
  },
);
