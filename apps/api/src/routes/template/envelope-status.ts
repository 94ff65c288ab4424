import { endpoints } from "@paraphe/api-sdk/contract";
import { loadDetail } from "../../envelopes/views";
import { findEnvelopeForTemplateCaller } from "../../templates/template-envelope-status";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/**
 * POST /template/envelope-status: an envelope and its recipients' status. A team API key reads the
 * envelopes it created (`/template/create-envelope`) only; a member, any envelope they may read.
 */
export const templateEnvelopeStatus = handler(
  endpoints.template.envelopeStatus,
  "memberOrKey",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const { envelopeUuid } = input;
    const envelope = await findEnvelopeForTemplateCaller(deps, member, envelopeUuid);
    return loadDetail(deps, envelope.id, member.email);
  },
);
