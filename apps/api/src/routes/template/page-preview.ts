import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { validateJson } from "../../http/validate";
import { requireTemplateCaller } from "../../templates/template-caller";
import { findTemplateForMember } from "../../templates/template-access";
import { pagePreview } from "../../envelopes/document-files";

/** POST /template/page-preview: the preview image of one page of a template's document. */
export function registerTemplatePagePreview(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.pagePreview;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTemplateCaller(deps, c);
    const input = c.req.valid("json");
    const template = await findTemplateForMember(deps, member, input.templateUuid, "read");
    const preview = await pagePreview(
      deps,
      deps.blobStore,
      template.id,
      input.documentUuid,
      input.page,
    );
    return c.json(
      endpoint.response.parse({
        filename: preview.filename,
        contentType: preview.contentType,
        data: preview.data,
      }),
    );
  });
}
