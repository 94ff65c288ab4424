import { endpoints } from "@paraphe/api-sdk/contract";
import { downloadSignerDocument } from "../../envelopes/download-signer-document";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/download-signer-document (public): a page preview (recorded as served) or the PDF. */
export const envelopeDownloadSignerDocument = handler(
  endpoints.envelope.downloadSignerDocument,
  "link",
  envelopeDeps,
  async ({ input, deps }) => {
    return downloadSignerDocument(deps, input);
  },
);
