import { endpoints } from "@paraphe/api-sdk/contract";
import { markPageRead } from "../../envelopes/page-reads";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/mark-page-read (public): a served page was on the signer's screen, so it is read. */
export const envelopeMarkPageRead = handler(
  endpoints.envelope.markPageRead,
  "link",
  envelopeDeps,
  async ({ input, deps }) => {
    return markPageRead(deps, input);
  },
);
