import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { ContactDeps } from "../../contacts/contact-deps";
import { createContact } from "../../contacts/save-contact";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";

/** POST /contact/create: adds a contact to one of the member's workspaces. */
export function registerContactCreate(app: AppRouter, deps: ContactDeps): void {
  const endpoint = endpoints.contact.create;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await createContact(deps, member, c.req.valid("json"))));
  });
}
