import { endpoints } from "@paraphe/api-sdk/contract";
import { listMemberMessages } from "../../support/member-conversation";
import { supportDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /support/list-messages: the caller's conversation with support (after a cursor). */
export const supportListMessages = handler(
  endpoints.support.listMessages,
  "member",
  supportDeps,
  async ({ member, input, deps }) => {
    const { after } = input;
    return listMemberMessages(deps, member, after);
  },
);
