import { contactSubject } from "../membership/contact-subject";
import { requirePermission, type Member } from "../membership/members";
import type { ContactDeps } from "./contact-deps";
import { lockContactFor } from "./contact-store";

/** Deletes a contact of one of the member's workspaces. Checked on the locked row. */
export async function deleteContact(
  deps: ContactDeps,
  member: Member,
  contactId: string,
): Promise<void> {
  requirePermission(member, "delete", "Contact");
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockContactFor(trx, member, contactId);
    requirePermission(member, "delete", contactSubject(row));
    await trx.deleteFrom("contact").where("id", "=", row.id).execute();
  });
}
