import { endpoints } from "@paraphe/api-sdk/contract";
import { importContacts } from "../../contacts/import-contacts";
import { contactDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /contact/import: writes the rows of a CSV import, all or none. */
export const contactImport = handler(
  endpoints.contact.import,
  "member",
  contactDeps,
  async ({ member, input, deps }) => {
    return importContacts(deps, member, input);
  },
);
