import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../membership/members";
import { uploadEnvelope } from "../../envelopes/upload-envelope";
import { loadDetail } from "../../envelopes/views";
import { validateJson } from "../../http/validate";
import { requestOrigin } from "./origin";

/** POST /envelope/upload: a draft from one or more PDFs (checked, previews rendered, stored encrypted). */
export function registerEnvelopeUpload(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.upload;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const id = await uploadEnvelope(deps, member, c.req.valid("json"), requestOrigin(c));
    return c.json(endpoint.response.parse(await loadDetail(deps, id, member.email)));
  });
}
