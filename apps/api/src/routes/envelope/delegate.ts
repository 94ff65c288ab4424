import { endpoints } from "@paraphe/api-sdk/contract";
import { delegateEnvelope } from "../../envelopes/delegate-envelope";
import { requestOrigin } from "./origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/delegate (public, authorised by the access link): a signer hands their turn on. */
export const envelopeDelegate = handler(
  endpoints.envelope.delegate,
  "link",
  envelopeDeps,
  async ({ input, deps, c }) => {
    return delegateEnvelope(deps, input, requestOrigin(c));
  },
);
