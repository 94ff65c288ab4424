import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { ContactDeps } from "../../contacts/contact-deps";
import { listContacts } from "../../contacts/contact-queries";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";

/** POST /contact/list: a page of the contacts of the member's workspaces, searched and sorted. */
export function registerContactList(app: AppRouter, deps: ContactDeps): void {
  const endpoint = endpoints.contact.list;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await listContacts(deps, member, c.req.valid("json"))));
  });
}
