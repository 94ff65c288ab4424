import type { EditableRule, Role } from "@paraphe/api-sdk/contract";
import { unheldRights, type PermissionRule, type UnheldRight } from "@paraphe/permissions";
import { AppError } from "../errors/app-error";
import { teamSubject, type Member } from "../membership/members";
import type { RoleRow } from "../db/database";
import type { RoleWithCount } from "./role-store";

/*
 * Who may see and change the roles of a team (spec §6), and what a role looks like to clients.
 * Reading the roles needs `read Team` on the team's field `roles`; changing them needs `update Team`
 * on that field (Owner and Admin among the managed roles), checked on the team's own record. Managed roles are never changed, and a role never grants what its author may not
 * do themselves: an Admin cannot write a rule that lets someone delete the team.
 */

/** FORBIDDEN unless the member's role allows reading the team (and so its roles). */
export function requireRoleReader(member: Member): void {
  if (!member.ability.can("read", teamSubject(member), "roles")) {
    throw new AppError("FORBIDDEN", { message: "Your role does not allow you to see the roles." });
  }
}

/** FORBIDDEN unless the member's role allows changing the team (and so its roles). */
export function requireRoleAdministrator(member: Member): void {
  if (!member.ability.can("update", teamSubject(member), "roles")) {
    throw new AppError("FORBIDDEN", {
      message: "Your role does not allow you to change the roles of the team.",
    });
  }
}

export const roleNotFound = (): AppError =>
  new AppError("NOT_FOUND", { message: "This role does not exist in your team." });

/** ROLE_READ_ONLY for a managed role. */
export function requireCustomRole(role: RoleRow): void {
  if (role.origin === "managed") throw new AppError("ROLE_READ_ONLY");
}

/**
 * FORBIDDEN when `rules` give a right the member's own role does not hold, compared rule by rule
 * (`unheldRights` of `@paraphe/permissions`): actions and subjects (`manage` and `all` held only as
 * such), fields (a rule limited to some fields does not give the whole subject) and conditions (a
 * rule limited to some records does not give them all), and the member's denials. Inverted rules
 * only take away, so anyone who may change roles may write them.
 */
export function requireGrantable(member: Member, rules: readonly EditableRule[]): void {
  const [unheld] = unheldRights(member.ability, rules as PermissionRule[]);
  if (unheld !== undefined) {
    throw new AppError("FORBIDDEN", {
      message: `Your role does not allow you to ${describeRight(unheld)}, so you cannot give that permission to a role.`,
      suggestion: "Remove this permission from the role, or ask an owner of the team.",
    });
  }
}

/** A right in words: "update Team (fields members) where ownerId is ...". */
export function describeRight(right: UnheldRight): string {
  const fields = right.fields === undefined ? "" : ` (fields ${right.fields.join(", ")})`;
  const conditions =
    right.conditions === undefined
      ? ""
      : ` with the conditions ${JSON.stringify(right.conditions)}`;
  return `${right.action} ${right.subject}${fields}${conditions}`;
}

/** A role as the contract describes it. */
export function roleView(role: RoleWithCount): Role {
  return {
    uuid: role.id,
    name: role.name,
    origin: role.origin,
    permissions: Array.isArray(role.permissions)
      ? (role.permissions as Record<string, unknown>[])
      : [],
    memberCount: role.memberCount,
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}

export const roleNameTakenError = (): AppError => new AppError("ROLE_NAME_TAKEN");
