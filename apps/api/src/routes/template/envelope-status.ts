import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { validateJson } from "../../http/validate";
import { loadDetail } from "../../envelopes/views";
import { requireTemplateCaller } from "../../templates/template-caller";
import { findEnvelopeForTemplateCaller } from "../../templates/template-envelope-status";

/**
 * POST /template/envelope-status: an envelope and its recipients' status. A team API key reads the
 * envelopes it created (`/template/create-envelope`) only; a member, any envelope they may read.
 */
export function registerTemplateEnvelopeStatus(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.envelopeStatus;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTemplateCaller(deps, c);
    const { envelopeUuid } = c.req.valid("json");
    const envelope = await findEnvelopeForTemplateCaller(deps, member, envelopeUuid);
    return c.json(endpoint.response.parse(await loadDetail(deps, envelope.id, member.email)));
  });
}
