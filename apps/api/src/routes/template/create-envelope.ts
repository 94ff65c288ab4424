import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { validateJson } from "../../http/validate";
import { requireTemplateCaller } from "../../templates/template-caller";
import { loadDetail } from "../../envelopes/views";
import { createEnvelopeFromTemplate } from "../../templates/create-envelope-from-template";
import { requestOrigin } from "../envelope/origin";

/** POST /template/create-envelope: a new envelope from an active template, a person per role; sent at once with `send`. */
export function registerTemplateCreateEnvelope(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.createEnvelope;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTemplateCaller(deps, c);
    const id = await createEnvelopeFromTemplate(
      deps,
      member,
      c.req.valid("json"),
      requestOrigin(c),
    );
    return c.json(endpoint.response.parse(await loadDetail(deps, id, member.email)));
  });
}
