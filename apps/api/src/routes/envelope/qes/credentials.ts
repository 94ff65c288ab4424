import { endpoints } from "@paraphe/api-sdk/contract";
import { qualifiedCredentials } from "../../../envelopes/qualified-signature";
import { envelopeDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/**
 * POST /envelope/qes/credentials (public, authorised by the access link): back from the provider,
 * the code exchanged and the signer's qualified credentials listed.
 */
export const envelopeQesCredentials = handler(
  endpoints.envelope.qesCredentials,
  "link",
  envelopeDeps,
  async ({ input, deps }) => {
    return qualifiedCredentials(deps, input);
  },
);
