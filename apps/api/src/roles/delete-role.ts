import { AppError } from "../errors/app-error";
import type { Member } from "../membership/members";
import type { RoleDeps } from "./role-deps";
import { requireCustomRole, requireRoleAdministrator, roleNotFound } from "./role-access";
import { countRoleHolders, lockTeamRole } from "./role-store";
import { isForeignKeyViolation } from "../db/database-errors";

const roleInUse = () => new AppError("ROLE_IN_USE");

/**
 * Deletes a custom role of the member's team. ROLE_IN_USE while members hold it (also when a
 * member is given the role while it is being deleted: the database's reference refuses it);
 * ROLE_READ_ONLY for a managed role.
 */
export async function deleteRole(deps: RoleDeps, member: Member, roleId: string): Promise<void> {
  requireRoleAdministrator(member);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const role = await lockTeamRole(trx, member.teamId, roleId);
      if (role === undefined) throw roleNotFound();
      requireCustomRole(role);
      if ((await countRoleHolders(trx, role.id)) > 0) throw roleInUse();
      await trx.deleteFrom("role").where("id", "=", role.id).execute();
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw roleInUse();
    throw error;
  }
}
