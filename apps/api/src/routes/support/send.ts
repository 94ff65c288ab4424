import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import { sendMemberMessage } from "../../support/member-conversation";
import type { SupportDeps } from "../../support/support-deps";

/** POST /support/send: a message of the caller to support. */
export function registerSupportSend(app: AppRouter, deps: SupportDeps): void {
  const endpoint = endpoints.support.send;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const message = await sendMemberMessage(deps, member, c.req.valid("json").body);
    return c.json(endpoint.response.parse({ message }));
  });
}
