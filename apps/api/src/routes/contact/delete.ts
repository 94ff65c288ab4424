import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { ContactDeps } from "../../contacts/contact-deps";
import { deleteContact } from "../../contacts/delete-contact";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";

/** POST /contact/delete: deletes a contact. */
export function registerContactDelete(app: AppRouter, deps: ContactDeps): void {
  const endpoint = endpoints.contact.delete;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    await deleteContact(deps, member, c.req.valid("json").contactUuid);
    return c.json(endpoint.response.parse({ deleted: true }));
  });
}
