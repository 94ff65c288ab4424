import { endpoints } from "@paraphe/api-sdk/contract";
import { listConversations } from "../../../support/operator-conversations";
import { requireOperator } from "../../../support/operators";
import { supportDeps } from "../../../deps";
import { handler } from "../../endpoint-handler";

/** POST /support/operator/list-conversations: every conversation, for support operators. */
export const supportOperatorListConversations = handler(
  endpoints.support.operatorListConversations,
  "session",
  supportDeps,
  async ({ caller, deps }) => {
    await requireOperator(deps, caller.userId);
    return { conversations: await listConversations(deps) };
  },
);
