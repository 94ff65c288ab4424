import { endpoints } from "@paraphe/api-sdk/contract";
import { lookupContact } from "../../contacts/lookup-contact";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /contact/lookup: the workspace's contact with this email, if any. */
export const contactLookup = handler(
  endpoints.contact.lookup,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    return lookupContact(deps, member, input);
  },
);
