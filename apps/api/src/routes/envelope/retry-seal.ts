import { endpoints } from "@paraphe/api-sdk/contract";
import { retrySeal } from "../../envelopes/seal-failures";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { loadDetail } from "../../envelopes/views";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/retry-seal: runs the seal job again for an envelope whose sealing gave up. */
export const envelopeRetrySeal = handler(
  endpoints.envelope.retrySeal,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "update");
    await retrySeal(deps, envelope.id, new Date(deps.now()));
    return loadDetail(deps, envelope.id, member.email);
  },
);
