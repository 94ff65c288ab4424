import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { downloadSignerDocument } from "../../envelopes/download-signer-document";
import { validateJson } from "../../http/validate";

/** POST /envelope/download-signer-document (public): a page preview (recorded as served) or the PDF. */
export function registerEnvelopeDownloadSignerDocument(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.downloadSignerDocument;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    return c.json(endpoint.response.parse(await downloadSignerDocument(deps, c.req.valid("json"))));
  });
}
