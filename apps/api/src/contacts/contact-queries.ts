import type {
  Contact,
  ContactSortField,
  getContactRequestSchema,
  listContactsRequestSchema,
  ListContactsResponse,
} from "@paraphe/api-sdk/contract";
import { sql, type RawBuilder } from "kysely";
import type { z } from "zod";
import { contactSubject } from "../membership/contact-subject";
import { findWorkspaceForMember } from "../workspaces/workspace-access";
import { requirePermission, type Member } from "../membership/members";
import type { ContactDeps } from "./contact-deps";
import { contactNotFound, toContact, visibleContacts } from "./contact-store";

const SORT_COLUMNS: Readonly<Record<ContactSortField, RawBuilder<unknown>>> = {
  email: sql`lower(contact.email)`,
  firstname: sql`lower(contact.firstname)`,
  lastname: sql`lower(contact.lastname)`,
  updatedAt: sql`contact.updated_at`,
};

/** `%` and `_` typed in a search match themselves. */
const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * One page of the contacts the member may see: of one workspace of theirs, or of all of them;
 * matching the search on email, first or last name; sorted, then by email and workspace so that
 * pages do not overlap.
 */
export async function listContacts(
  { db }: ContactDeps,
  member: Member,
  input: z.infer<typeof listContactsRequestSchema>,
): Promise<ListContactsResponse> {
  requirePermission(member, "read", "Contact");
  let query = visibleContacts(db, member);
  if (input.workspaceUuid !== undefined) {
    const workspace = await findWorkspaceForMember(db, member, input.workspaceUuid);
    query = query.where("contact.workspaceId", "=", workspace.id);
  }
  const search = input.search ?? "";
  if (search !== "") {
    const pattern = likePattern(search.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(contact.email)`, "like", pattern),
        eb(sql<string>`lower(contact.firstname)`, "like", pattern),
        eb(sql<string>`lower(contact.lastname)`, "like", pattern),
      ]),
    );
  }
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst();
  const sortColumn = SORT_COLUMNS[input.sort];
  const direction = input.direction === "desc" ? sql`desc` : sql`asc`;
  const rows = await query
    .orderBy(sql`${sortColumn} ${direction}`)
    .orderBy("contact.email")
    .orderBy("contact.workspaceId")
    .limit(input.pageSize)
    .offset(input.page * input.pageSize)
    .execute();
  return {
    contacts: rows.filter((row) => member.ability.can("read", contactSubject(row))).map(toContact),
    total: Number(counted?.n ?? 0),
  };
}

/** The contact with this email in one of the member's workspaces; NOT_FOUND otherwise. */
export async function getContact(
  { db }: ContactDeps,
  member: Member,
  input: z.infer<typeof getContactRequestSchema>,
): Promise<Contact> {
  requirePermission(member, "read", "Contact");
  const row = await visibleContacts(db, member)
    .where("contact.workspaceId", "=", input.workspaceUuid)
    .where("contact.email", "=", input.email)
    .executeTakeFirst();
  if (row === undefined || !member.ability.can("read", contactSubject(row))) {
    throw contactNotFound();
  }
  return toContact(row);
}
