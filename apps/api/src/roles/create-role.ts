import type { createRoleRequestSchema, Role } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { Member } from "../membership/members";
import type { RoleDeps } from "./role-deps";
import {
  requireGrantable,
  requireRoleAdministrator,
  roleNameTakenError,
  roleView,
} from "./role-access";
import { findTeamRole, lockTeamForRoles, roleNameTaken } from "./role-store";
import { isUniqueViolation } from "../db/database-errors";

/**
 * Creates a custom role in the member's team. The name is unique in the team, ignoring case
 * (ROLE_NAME_TAKEN); the rules grant nothing the member may not do themselves.
 */
export async function createRole(
  deps: RoleDeps,
  member: Member,
  input: z.infer<typeof createRoleRequestSchema>,
): Promise<Role> {
  requireRoleAdministrator(member);
  requireGrantable(member, input.permissions);
  const at = new Date(deps.now());
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      await lockTeamForRoles(trx, member.teamId);
      if (await roleNameTaken(trx, member.teamId, input.name)) throw roleNameTakenError();
      const role = await trx
        .insertInto("role")
        .values({
          teamId: member.teamId,
          name: input.name,
          origin: "custom",
          permissions: JSON.stringify(input.permissions),
          createdAt: at,
          updatedAt: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return role.id;
    });
    const role = await findTeamRole(deps.db, member.teamId, id);
    if (role === undefined) throw new Error("the new role was not found");
    return roleView(role);
  } catch (error) {
    if (isUniqueViolation(error)) throw roleNameTakenError();
    throw error;
  }
}
