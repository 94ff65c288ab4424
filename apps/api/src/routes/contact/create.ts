import { endpoints } from "@paraphe/api-sdk/contract";
import { createContact } from "../../contacts/save-contact";
import { contactDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /contact/create: adds a contact to one of the member's workspaces. */
export const contactCreate = handler(
  endpoints.contact.create,
  "member",
  contactDeps,
  async ({ member, input, deps }) => {
    return createContact(deps, member, input);
  },
);
