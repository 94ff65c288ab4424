import type { lookupContactRequestSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { findWorkspaceForMember } from "../workspaces/workspace-access";
import { requirePermission, type Member } from "../membership/members";

/** POST /contact/lookup: the contact of that email in one of the member's workspaces, or null. */
export async function lookupContact(
  { db }: { db: Kysely<Database> },
  member: Member,
  input: z.infer<typeof lookupContactRequestSchema>,
) {
  requirePermission(member, "read", "Contact");
  const workspace = await findWorkspaceForMember(db, member, input.workspaceUuid);
  const contact = await db
    .selectFrom("contact")
    .select(["email", "firstname", "lastname", "phone"])
    .where("workspaceId", "=", workspace.id)
    .where("email", "=", input.email)
    .executeTakeFirst();
  return { contact: contact ?? null };
}
