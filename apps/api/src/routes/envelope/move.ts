import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { moveEnvelope } from "../../envelopes/move-envelope";
import { loadDetail } from "../../envelopes/views";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/move: to another workspace of the team that the caller belongs to. */
export const envelopeMove = handler(
  endpoints.envelope.move,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await moveEnvelope(deps, member, envelope.id, input.workspaceUuid);
    return loadDetail(deps, envelope.id, member.email);
  },
);
