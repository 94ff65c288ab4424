import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";
import { startBulkSend } from "../../templates/bulk-send";
import { requestOrigin } from "../envelope/origin";

/** POST /template/bulk-send: one envelope per row from an active template, sent by a job. */
export function registerTemplateBulkSend(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.template.bulkSend;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const summary = await startBulkSend(deps, member, c.req.valid("json"), requestOrigin(c));
    return c.json(endpoint.response.parse(summary));
  });
}
