import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../../http/context";
import { requireSessionCaller } from "../../../auth/caller";
import { validateJson } from "../../../http/validate";
import { listConversations } from "../../../support/operator-conversations";
import { requireOperator } from "../../../support/operators";
import type { SupportDeps } from "../../../support/support-deps";

/** POST /support/operator/list-conversations: every conversation, for support operators. */
export function registerSupportOperatorListConversations(app: AppRouter, deps: SupportDeps): void {
  const endpoint = endpoints.support.operatorListConversations;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    await requireOperator(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse({ conversations: await listConversations(deps) }));
  });
}
