import type { EditableRule, Role } from "@paraphe/api-sdk/contract";
import { ACTIONS, SUBJECTS, type Action, type Subject } from "@paraphe/permissions";
import { AppError } from "../errors/app-error";
import type { Member } from "../envelopes/members";
import type { RoleRow } from "../db/database";
import type { RoleWithCount } from "./role-store";

/*
 * Who may see and change the roles of a team (spec §6), and what a role looks like to clients.
 * Reading the roles needs `read Team`; changing them needs `update Team` (Owner and Admin among the
 * managed roles). Managed roles are never changed, and a role never grants what its author may not
 * do themselves: an Admin cannot write a rule that lets someone delete the team.
 */

/** FORBIDDEN unless the member's role allows reading the team (and so its roles). */
export function requireRoleReader(member: Member): void {
  if (!member.ability.can("read", "Team")) {
    throw new AppError("FORBIDDEN", { message: "Your role does not allow you to see the roles." });
  }
}

/** FORBIDDEN unless the member's role allows changing the team (and so its roles). */
export function requireRoleAdministrator(member: Member): void {
  if (!member.ability.can("update", "Team")) {
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

const CONCRETE_ACTIONS = ACTIONS.filter((action) => action !== "manage");
const CONCRETE_SUBJECTS = SUBJECTS.filter((subject) => subject !== "all");

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * FORBIDDEN when a rule that allows something (not inverted) allows an action on a subject (or a
 * field of it) that the member's own role does not: `manage` stands for every action and `all` for
 * every subject. Inverted rules only take away, so anyone who may change roles may write them.
 */
export function requireGrantable(member: Member, rules: readonly EditableRule[]): void {
  for (const rule of rules) {
    if (rule.inverted === true) continue;
    const actions = list(rule.action).flatMap((action: Action) =>
      action === "manage" ? CONCRETE_ACTIONS : [action],
    );
    const subjects = list(rule.subject).flatMap((subject: Subject) =>
      subject === "all" ? CONCRETE_SUBJECTS : [subject],
    );
    const fields = rule.fields === undefined ? [undefined] : list(rule.fields);
    for (const action of actions) {
      for (const subject of subjects) {
        for (const field of fields) {
          if (!member.ability.can(action, subject, field)) {
            throw new AppError("FORBIDDEN", {
              message: `Your role does not allow you to ${action} ${subject}, so you cannot give that permission to a role.`,
              suggestion: "Remove this permission from the role, or ask an owner of the team.",
            });
          }
        }
      }
    }
  }
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
