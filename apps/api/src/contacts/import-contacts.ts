import type {
  importContactsRequestSchema,
  ImportContactsResponse,
} from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import { contactSubject } from "../membership/contact-subject";
import { findWorkspaceForMember } from "../workspaces/workspace-access";
import { requirePermission, type Member } from "../membership/members";
import { holdWorkspaceRow } from "../workspaces/workspace-store";
import type { ContactDeps } from "./contact-deps";

/**
 * Writes the rows of an import into one of the member's workspaces, all or none: the contract's
 * schema has checked every row already (one bad row refuses the whole request), and the rows are
 * written in one transaction. A row whose email is already a contact of the workspace updates
 * that contact, which the role must allow, as it must allow creating the new ones. The workspace
 * is held first: one deleted meanwhile answers NOT_FOUND.
 */
export async function importContacts(
  deps: ContactDeps,
  member: Member,
  input: z.infer<typeof importContactsRequestSchema>,
): Promise<ImportContactsResponse> {
  requirePermission(member, "create", "Contact");
  const workspace = await findWorkspaceForMember(deps.db, member, input.workspaceUuid);
  return deps.db.transaction().execute(async (trx) => {
    await holdWorkspaceRow(trx, member.teamId, workspace.id);
    const known = await trx
      .selectFrom("contact")
      .select("email")
      .where("workspaceId", "=", workspace.id)
      .where(
        "email",
        "in",
        input.contacts.map((contact) => contact.email),
      )
      .execute();
    const knownEmails = new Set(known.map((row) => row.email));
    for (const contact of input.contacts) {
      requirePermission(
        member,
        knownEmails.has(contact.email) ? "update" : "create",
        contactSubject({ workspaceId: workspace.id, email: contact.email }),
      );
    }
    const now = new Date(deps.now());
    await trx
      .insertInto("contact")
      .values(
        input.contacts.map((contact) => ({
          workspaceId: workspace.id,
          email: contact.email,
          firstname: contact.firstname,
          lastname: contact.lastname,
          phone: contact.phone,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["workspaceId", "email"]).doUpdateSet((eb) => ({
          firstname: eb.ref("excluded.firstname"),
          lastname: eb.ref("excluded.lastname"),
          phone: eb.ref("excluded.phone"),
          updatedAt: now,
        })),
      )
      .execute();
    return { created: input.contacts.length - knownEmails.size, updated: knownEmails.size };
  });
}
