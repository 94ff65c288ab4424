import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { ContactDeps } from "../../contacts/contact-deps";
import { getContact } from "../../contacts/contact-queries";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";

/** POST /contact/get: the contact with this email in one of the member's workspaces. */
export function registerContactGet(app: AppRouter, deps: ContactDeps): void {
  const endpoint = endpoints.contact.get;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await getContact(deps, member, c.req.valid("json"))));
  });
}
