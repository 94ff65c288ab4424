import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import { listBulkSends } from "../../templates/bulk-send-views";

/** POST /template/list-bulk-sends: the bulk sends of templates the member may read, newest first. */
export function registerTemplateListBulkSends(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.listBulkSends;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await listBulkSends(deps, member, c.req.valid("json"))));
  });
}
