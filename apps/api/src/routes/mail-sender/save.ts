import { endpoints } from "@paraphe/api-sdk/contract";
import { mailSenderDeps } from "../../deps";
import { saveMailSender } from "../../mail-sender/team-mail-sender";
import { handler } from "../endpoint-handler";

/** POST /mail-sender/save: the deployment's server, or the team's own SMTP server (unverified). */
export const mailSenderSave = handler(
  endpoints.mailSender.save,
  "member",
  mailSenderDeps,
  async ({ member, input, deps }) => {
    return { sender: await saveMailSender(deps, member, input) };
  },
);
