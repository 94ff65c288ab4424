import { endpoints } from "@paraphe/api-sdk/contract";
import { checkVerificationCode } from "../../../envelopes/recipient-verification";
import { requestOrigin } from "../origin";
import { envelopeDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/** POST /envelope/verification/check (public, authorised by the access link): checks a signer's code. */
export const envelopeVerificationCheck = handler(
  endpoints.envelope.checkVerificationCode,
  "link",
  envelopeDeps,
  async ({ input, deps, c }) => {
    return checkVerificationCode(deps, input, requestOrigin(c));
  },
);
