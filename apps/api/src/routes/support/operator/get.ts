import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../../http/context";
import { requireSessionCaller } from "../../../auth/caller";
import { validateJson } from "../../../http/validate";
import { getConversation } from "../../../support/operator-conversations";
import { requireOperator } from "../../../support/operators";
import type { SupportDeps } from "../../../support/support-deps";

/** POST /support/operator/get: one conversation and its messages, for support operators. */
export function registerSupportOperatorGet(app: AppRouter, deps: SupportDeps): void {
  const endpoint = endpoints.support.operatorGet;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    await requireOperator(deps, requireSessionCaller(c).userId);
    const { conversationUuid, after } = c.req.valid("json");
    return c.json(endpoint.response.parse(await getConversation(deps, conversationUuid, after)));
  });
}
