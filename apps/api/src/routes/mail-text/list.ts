import { endpoints } from "@paraphe/api-sdk/contract";
import { listMailTexts } from "../../mail-texts/team-mail-texts";
import { mailTextDeps } from "../../mail-texts/mail-text-deps";
import { handler } from "../endpoint-handler";

/** POST /mail-text/list: the team's text of each editable mail, or Paraphe's. */
export const mailTextList = handler(
  endpoints.mailText.list,
  "member",
  mailTextDeps,
  async ({ member, deps }) => {
    return { texts: await listMailTexts(deps, member) };
  },
);
