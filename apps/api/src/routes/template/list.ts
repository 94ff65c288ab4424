import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../envelopes/members";
import { validateJson } from "../../http/validate";
import { listTemplates } from "../../templates/template-queries";

/** POST /template/list: the member's templates by status, workspace, tag and title, keyset-paginated. */
export function registerTemplateList(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.list;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await listTemplates(deps, member, c.req.valid("json"))));
  });
}
