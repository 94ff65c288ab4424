import { asSubject } from "@paraphe/permissions";

/** A contact of a workspace as role conditions see it, tagged as a `Contact`. */
export function contactSubject(contact: { workspaceId: string; email: string }) {
  return asSubject("Contact", {
    workspaceId: contact.workspaceId,
    email: contact.email,
  });
}
