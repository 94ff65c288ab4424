import type { Role } from "@paraphe/api-sdk/contract";
import type { Member } from "../membership/members";
import type { RoleDeps } from "./role-deps";
import { requireRoleReader, roleView } from "./role-access";
import { listTeamRoles } from "./role-store";

/** The roles of the member's team, managed and custom, with their rules and member counts. */
export async function listRoles(deps: RoleDeps, member: Member): Promise<Role[]> {
  requireRoleReader(member);
  return (await listTeamRoles(deps.db, member.teamId)).map(roleView);
}
