import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { validateJson } from "../../http/validate";
import { requireTemplateCaller } from "../../templates/template-caller";
import { listTemplates } from "../../templates/template-queries";

/** POST /template/list: the member's templates by status, workspace, tag and title, keyset-paginated. */
export function registerTemplateList(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.list;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTemplateCaller(deps, c);
    return c.json(endpoint.response.parse(await listTemplates(deps, member, c.req.valid("json"))));
  });
}
