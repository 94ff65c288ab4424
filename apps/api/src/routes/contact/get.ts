import { endpoints } from "@paraphe/api-sdk/contract";
import { getContact } from "../../contacts/contact-queries";
import { contactDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /contact/get: the contact with this email in one of the member's workspaces. */
export const contactGet = handler(
  endpoints.contact.get,
  "member",
  contactDeps,
  async ({ member, input, deps }) => {
    return getContact(deps, member, input);
  },
);
