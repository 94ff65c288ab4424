import type { Role, updateRoleRequestSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { Member } from "../membership/members";
import type { RoleDeps } from "./role-deps";
import {
  requireCustomRole,
  requireGrantable,
  requireRoleAdministrator,
  roleNameTakenError,
  roleNotFound,
  roleView,
} from "./role-access";
import { findTeamRole, lockTeamForRoles, lockTeamRole, roleNameTaken } from "./role-store";
import { isUniqueViolation } from "../db/database-errors";

/**
 * Renames a custom role and/or replaces its rules. Managed roles answer ROLE_READ_ONLY. Members
 * holding the role get the new rules on their next call (the api reads them on every call).
 */
export async function updateRole(
  deps: RoleDeps,
  member: Member,
  input: z.infer<typeof updateRoleRequestSchema>,
): Promise<Role> {
  requireRoleAdministrator(member);
  const at = new Date(deps.now());
  try {
    await deps.db.transaction().execute(async (trx) => {
      await lockTeamForRoles(trx, member.teamId);
      const role = await lockTeamRole(trx, member.teamId, input.roleUuid);
      if (role === undefined) throw roleNotFound();
      requireCustomRole(role);
      if (input.permissions !== undefined) requireGrantable(member, input.permissions);
      if (
        input.name !== undefined &&
        (await roleNameTaken(trx, member.teamId, input.name, role.id))
      )
        throw roleNameTakenError();
      await trx
        .updateTable("role")
        .set({
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.permissions === undefined
            ? {}
            : { permissions: JSON.stringify(input.permissions) }),
          updatedAt: at,
        })
        .where("id", "=", role.id)
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw roleNameTakenError();
    throw error;
  }
  const role = await findTeamRole(deps.db, member.teamId, input.roleUuid);
  if (role === undefined) throw roleNotFound();
  return roleView(role);
}
