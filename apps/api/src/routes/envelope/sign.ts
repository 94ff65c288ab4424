import { endpoints } from "@paraphe/api-sdk/contract";
import { signEnvelope } from "../../envelopes/sign-envelope";
import { requestOrigin } from "./origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/sign (public, authorised by the access link). */
export const envelopeSign = handler(
  endpoints.envelope.sign,
  "link",
  envelopeDeps,
  async ({ input, deps, c }) => {
    return signEnvelope(deps, input, requestOrigin(c));
  },
);
