import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import { bulkSendStatus } from "../../templates/bulk-send-views";

/** POST /template/bulk-send-status: a bulk send's progress and its per-row report, paged. */
export function registerTemplateBulkSendStatus(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.bulkSendStatus;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await bulkSendStatus(deps, member, c.req.valid("json"))));
  });
}
