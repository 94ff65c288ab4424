import type { Contact } from "@paraphe/api-sdk/contract";
import type { Kysely, Selectable } from "kysely";
import type { ContactTable, Database } from "../db/database";
import { AppError } from "../errors/app-error";
import type { Member } from "../membership/members";

/*
 * The one place that loads contact rows: only contacts of the member's team, in a workspace they
 * belong to, are ever answered. Loaders that change a contact take the row lock inside the
 * caller's transaction.
 */

export type ContactRow = Selectable<ContactTable> & { workspaceName: string };

export const contactNotFound = (): AppError =>
  new AppError("NOT_FOUND", { message: "This contact does not exist or you cannot see it." });

/** CONFLICT: the workspace already has a contact with this email. */
export const contactExists = (path: string): AppError =>
  new AppError("CONFLICT", {
    message: "A contact with this email already exists in this workspace.",
    suggestion: "Edit the existing contact, or use another email.",
    fields: [{ path, code: "custom", message: "contact_exists" }],
  });

/** Contacts in the workspaces of the member's team that the member belongs to. */
export function visibleContacts(db: Kysely<Database>, member: Member) {
  return db
    .selectFrom("contact")
    .innerJoin("workspace", "workspace.id", "contact.workspaceId")
    .selectAll("contact")
    .select("workspace.name as workspaceName")
    .where("workspace.teamId", "=", member.teamId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("workspaceMember")
          .select("workspaceMember.userId")
          .whereRef("workspaceMember.workspaceId", "=", "contact.workspaceId")
          .where("workspaceMember.userId", "=", member.userId),
      ),
    );
}

/** The visible contact `contactId`, locked for the rest of the transaction; NOT_FOUND otherwise. */
export async function lockContactFor(
  trx: Kysely<Database>,
  member: Member,
  contactId: string,
): Promise<ContactRow> {
  const row = await visibleContacts(trx, member)
    .where("contact.id", "=", contactId)
    .forUpdate("contact")
    .executeTakeFirst();
  if (row === undefined) throw contactNotFound();
  return row;
}

/** A contact row as the contract answers it. */
export function toContact(row: ContactRow): Contact {
  return {
    uuid: row.id,
    workspaceUuid: row.workspaceId,
    workspaceName: row.workspaceName,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
