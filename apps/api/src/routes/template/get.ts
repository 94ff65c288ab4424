import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../envelopes/members";
import { validateJson } from "../../http/validate";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";

/** POST /template/get: the whole template (documents, roles, fields per role, options). */
export function registerTemplateGet(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.get;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const { templateUuid } = c.req.valid("json");
    const template = await findTemplateForMember(deps, member, templateUuid, "read");
    return c.json(endpoint.response.parse(await loadTemplateDetail(deps, template.id)));
  });
}
