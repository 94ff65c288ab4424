import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { loadDetail } from "../../envelopes/views";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/get: the whole envelope (documents, recipients, fields, options). */
export const envelopeGet = handler(
  endpoints.envelope.get,
  "memberOrEmbed",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const { envelopeUuid } = input;
    const envelope = await findEnvelopeForMember(deps, member, envelopeUuid, "read");
    return loadDetail(deps, envelope.id, member.email);
  },
);
