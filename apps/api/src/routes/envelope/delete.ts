import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { deleteDraft } from "../../envelopes/delete-draft";
import { validateJson } from "../../http/validate";

/** POST /envelope/delete: deletes a draft and its files. */
export function registerEnvelopeDelete(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.delete;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const envelope = await findEnvelopeForMember(
      deps,
      member,
      c.req.valid("json").envelopeUuid,
      "delete",
    );
    await deleteDraft(deps, member, envelope.id);
    return c.json(endpoint.response.parse({ deleted: true }));
  });
}
