import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { validateJson } from "../../http/validate";
import { requireTemplateCaller } from "../../templates/template-caller";
import { findTemplateForMember } from "../../templates/template-access";
import { deleteTemplate } from "../../templates/delete-template";

/** POST /template/delete: deletes a template and its files. */
export function registerTemplateDelete(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.delete;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTemplateCaller(deps, c);
    const { templateUuid } = c.req.valid("json");
    const template = await findTemplateForMember(deps, member, templateUuid, "delete");
    await deleteTemplate(deps, member, template.id);
    return c.json(endpoint.response.parse({ deleted: true }));
  });
}
