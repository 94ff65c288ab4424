import { endpoints } from "@paraphe/api-sdk/contract";
import { listAttachments } from "../../envelopes/remove-attachment";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/list-attachments (public, authorised by the access link): the signer's files. */
export const envelopeListAttachments = handler(
  endpoints.envelope.listAttachments,
  "link",
  envelopeDeps,
  async ({ input, deps }) => listAttachments(deps, input),
);
