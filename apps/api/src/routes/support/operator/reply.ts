import { endpoints } from "@paraphe/api-sdk/contract";
import { replyToConversation } from "../../../support/operator-conversations";
import { requireOperator } from "../../../support/operators";
import { supportDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/** POST /support/operator/reply: an operator's answer, mailed to the member. */
export const supportOperatorReply = handler(
  endpoints.support.operatorReply,
  "session",
  supportDeps,
  async ({ caller, input, deps }) => {
    const operator = await requireOperator(deps, caller.userId);
    const { conversationUuid, body } = input;
    const message = await replyToConversation(deps, operator.userId, conversationUuid, body);
    return { message };
  },
);
