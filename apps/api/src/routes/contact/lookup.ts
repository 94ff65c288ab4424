import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { requireMember } from "../../membership/members";
import { lookupContact } from "../../contacts/lookup-contact";
import { validateJson } from "../../http/validate";

/** POST /contact/lookup: the workspace's contact with this email, if any. */
export function registerContactLookup(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.contact.lookup;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await lookupContact(deps, member, c.req.valid("json"))));
  });
}
