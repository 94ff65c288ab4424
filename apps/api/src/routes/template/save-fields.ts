import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { validateJson } from "../../http/validate";
import { requireTemplateCaller } from "../../templates/template-caller";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { saveTemplateFields } from "../../templates/save-template-fields";

/** POST /template/save-fields: the fields, placed per role. */
export function registerTemplateSaveFields(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.saveFields;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTemplateCaller(deps, c);
    const input = c.req.valid("json");
    const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
    await saveTemplateFields(deps, member, template.id, input.fields);
    return c.json(endpoint.response.parse(await loadTemplateDetail(deps, template.id)));
  });
}
