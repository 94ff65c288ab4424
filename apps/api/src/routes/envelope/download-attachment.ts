import { endpoints } from "@paraphe/api-sdk/contract";
import { downloadAttachment } from "../../envelopes/envelope-attachments";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/download-attachment: one file a signer attached, for a member who may read the envelope. */
export const envelopeDownloadAttachment = handler(
  endpoints.envelope.downloadAttachment,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => downloadAttachment(deps, member, input),
);
