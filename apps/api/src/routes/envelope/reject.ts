import { endpoints } from "@paraphe/api-sdk/contract";
import { rejectEnvelope } from "../../envelopes/reject-envelope";
import { requestOrigin } from "./origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/**
 * POST /envelope/reject (public, authorised by the access link): an approver rejects with a
 * reason; the envelope is declined.
 */
export const envelopeReject = handler(
  endpoints.envelope.reject,
  "link",
  envelopeDeps,
  async ({ input, deps, c }) => {
    return rejectEnvelope(deps, input, requestOrigin(c));
  },
);
