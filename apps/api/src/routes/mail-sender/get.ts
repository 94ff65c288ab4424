import { endpoints } from "@paraphe/api-sdk/contract";
import { mailSenderDeps } from "../../deps";
import { getMailSender } from "../../mail-sender/team-mail-sender";
import { handler } from "../endpoint-handler";

/** POST /mail-sender/get: how the team's mail leaves (Owner, Admin). */
export const mailSenderGet = handler(
  endpoints.mailSender.get,
  "member",
  mailSenderDeps,
  async ({ member, deps }) => {
    return { sender: await getMailSender(deps, member) };
  },
);
