import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { saveFields } from "../../envelopes/save-fields";
import { loadDetail } from "../../envelopes/views";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/save-fields: the whole set of fields of a draft. */
export const envelopeSaveFields = handler(
  endpoints.envelope.saveFields,
  "memberOrEmbed",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await saveFields(deps, member, envelope.id, input.fields);
    return loadDetail(deps, envelope.id, member.email);
  },
);
