import { endpoints } from "@paraphe/api-sdk/contract";
import { envelopeDeps } from "../../deps";
import { sendDirectLinkCode } from "../../templates/direct-link-visit";
import { requestOrigin } from "../envelope/origin";
import { handler } from "../endpoint-handler";

/** POST /direct-link/send-code (public, authorised by the direct link): mails a visitor's code. */
export const directLinkSendCode = handler(
  endpoints.directLink.sendCode,
  "directLink",
  envelopeDeps,
  async ({ input, deps, c }) => sendDirectLinkCode(deps, input, requestOrigin(c)),
);
