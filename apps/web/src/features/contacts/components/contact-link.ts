/** The address of a contact's page: `/contacts/{workspaceUuid}/{contactEmail}`. */
export function contactHref(contact: { workspaceUuid: string; email: string }): string {
  return `/contacts/${contact.workspaceUuid}/${encodeURIComponent(contact.email)}`;
}
