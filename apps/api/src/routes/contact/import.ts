import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { ContactDeps } from "../../contacts/contact-deps";
import { importContacts } from "../../contacts/import-contacts";
import { requireMember } from "../../membership/members";
import { validateJson } from "../../http/validate";

/** POST /contact/import: writes the rows of a CSV import, all or none. */
export function registerContactImport(app: AppRouter, deps: ContactDeps): void {
  const endpoint = endpoints.contact.import;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    return c.json(endpoint.response.parse(await importContacts(deps, member, c.req.valid("json"))));
  });
}
