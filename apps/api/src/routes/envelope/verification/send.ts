import { endpoints } from "@paraphe/api-sdk/contract";
import { sendVerificationCode } from "../../../envelopes/recipient-verification";
import { envelopeDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/** POST /envelope/verification/send (public, authorised by the access link): mails a signer's code. */
export const envelopeVerificationSend = handler(
  endpoints.envelope.sendVerificationCode,
  "link",
  envelopeDeps,
  async ({ input, deps }) => {
    return sendVerificationCode(deps, input);
  },
);
