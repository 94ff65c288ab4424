import { endpoints } from "@paraphe/api-sdk/contract";
import { startQualifiedAuthorization } from "../../../envelopes/qualified-signature";
import { envelopeDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/**
 * POST /envelope/qes/authorize (public, authorised by the access link): the qualified provider's
 * sign-in page for the signer (OAuth 2.0 code flow with PKCE).
 */
export const envelopeQesAuthorize = handler(
  endpoints.envelope.qesAuthorize,
  "link",
  envelopeDeps,
  async ({ input, deps }) => {
    return startQualifiedAuthorization(deps, input);
  },
);
