import type { ListMembersResponse, TeamRole } from "@paraphe/api-sdk/contract";
import { holdsRules, type AppAbility, type PermissionRule } from "@paraphe/permissions";

/** A role of the team with its rules, as `/team/list-members` answers it. */
export type RoleWithRules = ListMembersResponse["roles"][number];

type RoleRef = Pick<TeamRole, "name" | "origin">;

const isOwner = (role: RoleRef): boolean => role.origin === "managed" && role.name === "Owner";

/**
 * Whether a caller whose role is `callerRole`, with `ability`, may give `role` to someone (invite,
 * import, change a member to it) or change a member who holds it, as the api decides: the caller's
 * role holds every right of it (`holdsRules`, fields and conditions compared), and only an Owner
 * gives the Owner role. The api stays the authority; this only spares offering what it refuses.
 */
export function mayGiveRole(
  ability: AppAbility,
  callerRole: RoleRef | undefined,
  role: RoleWithRules,
): boolean {
  if (isOwner(role) && (callerRole === undefined || !isOwner(callerRole))) return false;
  return holdsRules(ability, role.permissions as unknown as PermissionRule[]);
}
