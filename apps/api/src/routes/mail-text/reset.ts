import { endpoints } from "@paraphe/api-sdk/contract";
import { resetMailText } from "../../mail-texts/team-mail-texts";
import { mailTextDeps } from "../../mail-texts/mail-text-deps";
import { handler } from "../endpoint-handler";

/** POST /mail-text/reset: back to Paraphe's text of one mail in one language. */
export const mailTextReset = handler(
  endpoints.mailText.reset,
  "member",
  mailTextDeps,
  async ({ member, input, deps }) => {
    return { text: await resetMailText(deps, member, input) };
  },
);
