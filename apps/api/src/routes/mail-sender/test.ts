import { endpoints } from "@paraphe/api-sdk/contract";
import { mailSenderDeps } from "../../deps";
import { testMailSender } from "../../mail-sender/team-mail-sender";
import { handler } from "../endpoint-handler";

/** POST /mail-sender/test: a test message through the team's server to the caller; verifies it. */
export const mailSenderTest = handler(
  endpoints.mailSender.test,
  "member",
  mailSenderDeps,
  async ({ member, deps }) => testMailSender(deps, member),
);
