import { endpoints } from "@paraphe/api-sdk/contract";
import { uploadEnvelope } from "../../envelopes/upload-envelope";
import { loadDetail } from "../../envelopes/views";
import { requestOrigin } from "./origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/upload: a draft from one or more PDFs (checked, previews rendered, stored encrypted). */
export const envelopeUpload = handler(
  endpoints.envelope.upload,
  "member",
  envelopeDeps,
  async ({ member, input, deps, c }) => {
    const id = await uploadEnvelope(deps, member, input, requestOrigin(c));
    return loadDetail(deps, id, member.email);
  },
);
