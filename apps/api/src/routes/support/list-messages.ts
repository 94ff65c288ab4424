import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import { listMemberMessages } from "../../support/member-conversation";
import type { SupportDeps } from "../../support/support-deps";

/** POST /support/list-messages: the caller's conversation with support (after a cursor). */
export function registerSupportListMessages(app: AppRouter, deps: SupportDeps): void {
  const endpoint = endpoints.support.listMessages;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const { after } = c.req.valid("json");
    return c.json(endpoint.response.parse(await listMemberMessages(deps, member, after)));
  });
}
