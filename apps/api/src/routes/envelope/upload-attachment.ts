import { endpoints } from "@paraphe/api-sdk/contract";
import { uploadAttachment } from "../../envelopes/upload-attachment";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/upload-attachment (public, authorised by the access link): a signer attaches a file. */
export const envelopeUploadAttachment = handler(
  endpoints.envelope.uploadAttachment,
  "link",
  envelopeDeps,
  async ({ input, deps }) => uploadAttachment(deps, input),
);
