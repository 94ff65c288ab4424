import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import { loadTemplateDetail } from "../../templates/template-views";
import { createTemplateFromEnvelope } from "../../templates/create-template-from-envelope";

/** POST /template/create-from-envelope: an envelope the member may read, saved as a new template. */
export function registerTemplateCreateFromEnvelope(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.createFromEnvelope;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const id = await createTemplateFromEnvelope(deps, member, c.req.valid("json"));
    return c.json(endpoint.response.parse(await loadTemplateDetail(deps, id)));
  });
}
