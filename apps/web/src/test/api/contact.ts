import { type Contact } from "@paraphe/api-sdk/contract";
import { WORKSPACE_MAIN } from "./envelope";
import { apiError, ok, type Handlers } from "./server";

/** Fixtures and handlers of the contact service (in memory). */

export const CONTACT_ADA: Contact = {
  uuid: "c0a7ac70-1111-4a4a-8a8a-000000000001",
  workspaceUuid: WORKSPACE_MAIN.uuid,
  workspaceName: WORKSPACE_MAIN.name,
  email: "ada@example.com",
  firstname: "Ada",
  lastname: "Lovelace",
  phone: "+33612345678",
  createdAt: "2026-02-01T10:00:00.000Z",
  updatedAt: "2026-02-01T10:00:00.000Z",
};

export const CONTACT_GRACE: Contact = {
  ...CONTACT_ADA,
  uuid: "c0a7ac70-1111-4a4a-8a8a-000000000002",
  email: "grace@example.com",
  firstname: "Grace",
  lastname: "Hopper",
  phone: null,
};

/** The contact service over a list of contacts that its calls change. */
export function createContactHandlers(initial: readonly Contact[] = [CONTACT_ADA, CONTACT_GRACE]) {
  let contacts = [...initial];
  const handlers: Handlers = {
    "/contact/list": ({ body }) => {
      const { search = "" } = body as { search?: string };
      const found = contacts.filter((contact) =>
        `${contact.email} ${contact.firstname} ${contact.lastname}`
          .toLowerCase()
          .includes(search.toLowerCase()),
      );
      return ok({ contacts: found, total: found.length });
    },
    "/contact/get": ({ body }) => {
      const { email } = body as { email: string };
      const contact = contacts.find((item) => item.email === email);
      return contact ? ok(contact) : apiError(404, "NOT_FOUND");
    },
    "/contact/create": ({ body }) => {
      const input = body as Omit<Contact, "uuid" | "workspaceName" | "createdAt" | "updatedAt">;
      if (contacts.some((contact) => contact.email === input.email)) {
        return apiError(409, "CONFLICT", [{ path: "email", message: "contact_exists" }]);
      }
      const contact: Contact = {
        ...CONTACT_ADA,
        ...input,
        uuid: `c0a7ac70-1111-4a4a-8a8a-${String(contacts.length + 100).padStart(12, "0")}`,
      };
      contacts = [...contacts, contact];
      return ok(contact);
    },
    "/contact/update": ({ body }) => {
      const { contactUuid, ...input } = body as { contactUuid: string } & Partial<Contact>;
      const existing = contacts.find((contact) => contact.uuid === contactUuid);
      if (!existing) return apiError(404, "NOT_FOUND");
      const contact = { ...existing, ...input };
      contacts = contacts.map((item) => (item.uuid === contactUuid ? contact : item));
      return ok(contact);
    },
    "/contact/delete": ({ body }) => {
      const { contactUuid } = body as { contactUuid: string };
      contacts = contacts.filter((contact) => contact.uuid !== contactUuid);
      return ok({ deleted: true });
    },
    "/contact/import": ({ body }) => {
      const { contacts: rows } = body as { contacts: unknown[] };
      return ok({ created: rows.length, updated: 0 });
    },
  };
  return { handlers, contacts: () => contacts };
}
