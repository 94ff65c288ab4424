import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../envelopes/members";
import { validateJson } from "../../http/validate";
import { findTemplateForMember } from "../../templates/template-access";
import { deleteTemplate } from "../../templates/delete-template";

/** POST /template/delete: deletes a template and its files. */
export function registerTemplateDelete(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.delete;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const { templateUuid } = c.req.valid("json");
    const template = await findTemplateForMember(deps, member, templateUuid, "delete");
    await deleteTemplate(deps, member, template.id);
    return c.json(endpoint.response.parse({ deleted: true }));
  });
}
