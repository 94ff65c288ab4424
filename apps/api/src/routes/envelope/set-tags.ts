import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { loadDetail } from "../../envelopes/views";
import { setEnvelopeTags } from "../../tags/set-envelope-tags";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/set-tags: replaces the envelope's tags. */
export const envelopeSetTags = handler(
  endpoints.envelope.setTags,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await setEnvelopeTags(deps, member, envelope.id, input.tagUuids);
    return loadDetail(deps, envelope.id, member.email);
  },
);
