import { endpoints } from "@paraphe/api-sdk/contract";
import { sendMemberMessage } from "../../support/member-conversation";
import { supportDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /support/send: a message of the caller to support. */
export const supportSend = handler(
  endpoints.support.send,
  "member",
  supportDeps,
  async ({ member, input, deps }) => {
    const message = await sendMemberMessage(deps, member, input.body);
    return { message };
  },
);
