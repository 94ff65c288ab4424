import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { ContactDeps } from "../../contacts/contact-deps";
import { updateContact } from "../../contacts/save-contact";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";

/** POST /contact/update: changes a contact, its email included. */
export function registerContactUpdate(app: AppRouter, deps: ContactDeps): void {
  const endpoint = endpoints.contact.update;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await updateContact(deps, member, c.req.valid("json"))));
  });
}
