import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { pagePreview } from "../../envelopes/document-files";
import { validateJson } from "../../http/validate";

/** POST /envelope/page-preview: the preview image of one page. */
export function registerEnvelopePagePreview(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.pagePreview;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const input = c.req.valid("json");
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "read");
    const preview = await pagePreview(
      deps,
      deps.blobStore,
      envelope.id,
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
