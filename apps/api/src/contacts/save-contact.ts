import type {
  Contact,
  createContactRequestSchema,
  updateContactRequestSchema,
} from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import { contactSubject } from "../membership/contact-subject";
import { findWorkspaceForMember } from "../workspaces/workspace-access";
import { requirePermission, type Member } from "../membership/members";
import { holdWorkspaceRow } from "../workspaces/workspace-store";
import type { ContactDeps } from "./contact-deps";
import { isUniqueViolation } from "../db/database-errors";
import { contactExists, lockContactFor, toContact, visibleContacts } from "./contact-store";

/**
 * Adds a contact to one of the member's workspaces; CONFLICT when its email is already there,
 * NOT_FOUND when the workspace was deleted meanwhile (it is held while the contact is written).
 */
export async function createContact(
  deps: ContactDeps,
  member: Member,
  input: z.infer<typeof createContactRequestSchema>,
): Promise<Contact> {
  requirePermission(member, "create", "Contact");
  const workspace = await findWorkspaceForMember(deps.db, member, input.workspaceUuid);
  requirePermission(
    member,
    "create",
    contactSubject({ workspaceId: workspace.id, email: input.email }),
  );
  try {
    const inserted = await deps.db.transaction().execute(async (trx) => {
      await holdWorkspaceRow(trx, member.teamId, workspace.id);
      return trx
        .insertInto("contact")
        .values({
          workspaceId: workspace.id,
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          phone: input.phone,
        })
        .onConflict((oc) => oc.columns(["workspaceId", "email"]).doNothing())
        .returningAll()
        .executeTakeFirst();
    });
    if (inserted === undefined) throw contactExists("email");
    return toContact({ ...inserted, workspaceName: workspace.name });
  } catch (error) {
    if (isUniqueViolation(error)) throw contactExists("email");
    throw error;
  }
}

/**
 * Changes a contact of one of the member's workspaces, its email included; CONFLICT when the new
 * email belongs to another contact of the workspace. Checked on the locked row.
 */
export async function updateContact(
  deps: ContactDeps,
  member: Member,
  input: z.infer<typeof updateContactRequestSchema>,
): Promise<Contact> {
  requirePermission(member, "update", "Contact");
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await lockContactFor(trx, member, input.contactUuid);
      requirePermission(member, "update", contactSubject(row));
      if (input.email !== row.email) {
        const taken = await visibleContacts(trx, member)
          .where("contact.workspaceId", "=", row.workspaceId)
          .where("contact.email", "=", input.email)
          .executeTakeFirst();
        if (taken !== undefined) throw contactExists("email");
      }
      const updated = await trx
        .updateTable("contact")
        .set({
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          phone: input.phone,
          updatedAt: new Date(deps.now()),
        })
        .where("id", "=", row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toContact({ ...updated, workspaceName: row.workspaceName });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw contactExists("email");
    throw error;
  }
}
