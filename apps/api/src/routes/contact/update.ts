import { endpoints } from "@paraphe/api-sdk/contract";
import { updateContact } from "../../contacts/save-contact";
import { contactDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /contact/update: changes a contact, its email included. */
export const contactUpdate = handler(
  endpoints.contact.update,
  "member",
  contactDeps,
  async ({ member, input, deps }) => {
    return updateContact(deps, member, input);
  },
);
