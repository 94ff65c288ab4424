import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { validateJson } from "../../http/validate";
import { requireTemplateCaller } from "../../templates/template-caller";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { saveTemplateRoles } from "../../templates/save-template-roles";

/** POST /template/save-recipients: the roles (labelled), in signing order. */
export function registerTemplateSaveRecipients(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.saveRecipients;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTemplateCaller(deps, c);
    const input = c.req.valid("json");
    const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
    await saveTemplateRoles(deps, member, template.id, input.roles);
    return c.json(endpoint.response.parse(await loadTemplateDetail(deps, template.id)));
  });
}
