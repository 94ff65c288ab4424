import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { validateJson } from "../../http/validate";
import { requireTemplateCaller } from "../../templates/template-caller";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";

/** POST /template/get: the whole template (documents, roles, fields per role, options). */
export function registerTemplateGet(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.get;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTemplateCaller(deps, c);
    const { templateUuid } = c.req.valid("json");
    const template = await findTemplateForMember(deps, member, templateUuid, "read");
    return c.json(endpoint.response.parse(await loadTemplateDetail(deps, template.id)));
  });
}
