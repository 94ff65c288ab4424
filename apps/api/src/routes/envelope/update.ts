import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { updateEnvelope } from "../../envelopes/update-envelope";
import { loadDetail } from "../../envelopes/views";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/update: the title (always) and, for drafts, the options. */
export const envelopeUpdate = handler(
  endpoints.envelope.update,
  "memberOrEmbed",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await updateEnvelope(deps, member, envelope.id, input);
    return loadDetail(deps, envelope.id, member.email);
  },
);
