import { endpoints } from "@paraphe/api-sdk/contract";
import { openEnvelope } from "../../envelopes/open-envelope";
import { requestOrigin } from "./origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/open (public, authorised by the access link): what the signing page shows. */
export const envelopeOpen = handler(
  endpoints.envelope.open,
  "link",
  envelopeDeps,
  async ({ input, deps, c }) => {
    return openEnvelope(deps, input, requestOrigin(c));
  },
);
