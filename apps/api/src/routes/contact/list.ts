import { endpoints } from "@paraphe/api-sdk/contract";
import { listContacts } from "../../contacts/contact-queries";
import { contactDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /contact/list: a page of the contacts of the member's workspaces, searched and sorted. */
export const contactList = handler(
  endpoints.contact.list,
  "member",
  contactDeps,
  async ({ member, input, deps }) => {
    return listContacts(deps, member, input);
  },
);
