import { endpoints } from "@paraphe/api-sdk/contract";
import { removeAttachment } from "../../envelopes/remove-attachment";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/remove-attachment (public, authorised by the access link): a signer removes a file. */
export const envelopeRemoveAttachment = handler(
  endpoints.envelope.removeAttachment,
  "link",
  envelopeDeps,
  async ({ input, deps }) => removeAttachment(deps, input),
);
