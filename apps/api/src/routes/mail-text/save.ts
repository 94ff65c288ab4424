import { endpoints } from "@paraphe/api-sdk/contract";
import { saveMailText } from "../../mail-texts/team-mail-texts";
import { mailTextDeps } from "../../mail-texts/mail-text-deps";
import { handler } from "../endpoint-handler";

/** POST /mail-text/save: the team's text of one mail in one language. */
export const mailTextSave = handler(
  endpoints.mailText.save,
  "member",
  mailTextDeps,
  async ({ member, input, deps }) => {
    return { text: await saveMailText(deps, member, input) };
  },
);
