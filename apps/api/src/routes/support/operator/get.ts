import { endpoints } from "@paraphe/api-sdk/contract";
import { getConversation } from "../../../support/operator-conversations";
import { requireOperator } from "../../../support/operators";
import { supportDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/** POST /support/operator/get: one conversation and its messages, for support operators. */
export const supportOperatorGet = handler(
  endpoints.support.operatorGet,
  "session",
  supportDeps,
  async ({ caller, input, deps }) => {
    await requireOperator(deps, caller.userId);
    const { conversationUuid, after } = input;
    return getConversation(deps, conversationUuid, after);
  },
);
