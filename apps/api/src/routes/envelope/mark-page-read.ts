import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { markPageRead } from "../../envelopes/page-reads";
import { validateJson } from "../../http/validate";

/** POST /envelope/mark-page-read (public): a served page was on the signer's screen, so it is read. */
export function registerEnvelopeMarkPageRead(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.markPageRead;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    return c.json(endpoint.response.parse(await markPageRead(deps, c.req.valid("json"))));
  });
}
