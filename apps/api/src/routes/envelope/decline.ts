import { endpoints } from "@paraphe/api-sdk/contract";
import { declineEnvelope } from "../../envelopes/decline-envelope";
import { requestOrigin } from "./origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/decline (public, authorised by the access link): declines with a reason. */
export const envelopeDecline = handler(
  endpoints.envelope.decline,
  "link",
  envelopeDeps,
  async ({ input, deps, c }) => {
    return declineEnvelope(deps, input, requestOrigin(c));
  },
);
