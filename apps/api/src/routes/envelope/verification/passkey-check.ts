import { endpoints } from "@paraphe/api-sdk/contract";
import { checkSignerPasskey } from "../../../envelopes/recipient-verification-passkey";
import { requestOrigin } from "../origin";
import { envelopeDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/**
 * POST /envelope/verification/passkey-check (public, authorised by the access link): checks a
 * signer's passkey of the Paraphe account of their email.
 */
export const envelopeVerificationPasskeyCheck = handler(
  endpoints.envelope.checkSignerPasskey,
  "link",
  envelopeDeps,
  async ({ input, deps, c }) => {
    return checkSignerPasskey(deps, input, requestOrigin(c));
  },
);
