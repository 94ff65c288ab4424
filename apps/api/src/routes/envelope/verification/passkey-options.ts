import { endpoints } from "@paraphe/api-sdk/contract";
import { signerPasskeyOptions } from "../../../envelopes/recipient-verification-passkey";
import { envelopeDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/**
 * POST /envelope/verification/passkey-options (public, authorised by the access link): WebAuthn
 * options for a signer to sign in with a passkey of the Paraphe account of their email.
 */
export const envelopeVerificationPasskeyOptions = handler(
  endpoints.envelope.signerPasskeyOptions,
  "link",
  envelopeDeps,
  async ({ input, deps }) => {
    return signerPasskeyOptions(deps, input);
  },
);
