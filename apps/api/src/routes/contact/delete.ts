import { endpoints } from "@paraphe/api-sdk/contract";
import { deleteContact } from "../../contacts/delete-contact";
import { contactDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /contact/delete: deletes a contact. */
export const contactDelete = handler(
  endpoints.contact.delete,
  "member",
  contactDeps,
  async ({ member, input, deps }) => {
    await deleteContact(deps, member, input.contactUuid);
    return { deleted: true };
  },
);
