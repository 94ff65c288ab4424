import { endpoints } from "@paraphe/api-sdk/contract";
import { approveEnvelope } from "../../envelopes/approve-envelope";
import { requestOrigin } from "./origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/approve (public, authorised by the access link): an approver approves. */
export const envelopeApprove = handler(
  endpoints.envelope.approve,
  "link",
  envelopeDeps,
  async ({ input, deps, c }) => {
    return approveEnvelope(deps, input, requestOrigin(c));
  },
);
