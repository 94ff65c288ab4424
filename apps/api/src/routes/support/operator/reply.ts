import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../../http/context";
import { requireSessionCaller } from "../../../auth/caller";
import { validateJson } from "../../../http/validate";
import { replyToConversation } from "../../../support/operator-conversations";
import { requireOperator } from "../../../support/operators";
import type { SupportDeps } from "../../../support/support-deps";

/** POST /support/operator/reply: an operator's answer, mailed to the member. */
export function registerSupportOperatorReply(app: AppRouter, deps: SupportDeps): void {
  const endpoint = endpoints.support.operatorReply;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const operator = await requireOperator(deps, requireSessionCaller(c).userId);
    const { conversationUuid, body } = c.req.valid("json");
    const message = await replyToConversation(deps, operator.userId, conversationUuid, body);
    return c.json(endpoint.response.parse({ message }));
  });
}
