import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { validateJson } from "../../http/validate";
import { requireTemplateCaller } from "../../templates/template-caller";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { setTemplateTags } from "../../templates/set-template-tags";

/** POST /template/set-tags: replaces the template's tags. */
export function registerTemplateSetTags(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.setTags;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTemplateCaller(deps, c);
    const input = c.req.valid("json");
    const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
    await setTemplateTags(deps, member, template.id, input.tagUuids);
    return c.json(endpoint.response.parse(await loadTemplateDetail(deps, template.id)));
  });
}
