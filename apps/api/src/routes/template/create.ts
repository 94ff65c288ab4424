import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { validateJson } from "../../http/validate";
import { requireTemplateCaller } from "../../templates/template-caller";
import { uploadEnvelope } from "../../envelopes/upload-envelope";
import { loadTemplateDetail } from "../../templates/template-views";
import { requestOrigin } from "../envelope/origin";

/** POST /template/create: a new template from one or more PDFs (checked like an envelope upload). */
export function registerTemplateCreate(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.create;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTemplateCaller(deps, c);
    const id = await uploadEnvelope(
      deps,
      member,
      c.req.valid("json"),
      requestOrigin(c),
      "template",
    );
    return c.json(endpoint.response.parse(await loadTemplateDetail(deps, id)));
  });
}
