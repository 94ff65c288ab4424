import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { deleteDraft } from "../../envelopes/delete-draft";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/delete: deletes a draft and its files. */
export const envelopeDelete = handler(
  endpoints.envelope.delete,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "delete");
    await deleteDraft(deps, member, envelope.id);
    return { deleted: true };
  },
);
