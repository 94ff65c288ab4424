import type { PermissionRule } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/*
 * Single sign-on acts in the name of the member who last saved the configuration (its author): it
 * never opens an account, nor joins someone with a role, that holds more than the author's own
 * role. Whole rule sets are compared (actions, subjects, fields and conditions), not subject types:
 * a right limited to some fields or records does not cover the whole right.
 */

/** A role as stored: its managed name, if any, and its rules. */
export interface StoredRole {
  name: string;
  origin: "managed" | "custom";
  permissions: unknown;
}

const list = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T];

const isOwner = (role: StoredRole) => role.origin === "managed" && role.name === "Owner";

const rulesOf = (role: StoredRole): PermissionRule[] =>
  Array.isArray(role.permissions) ? (role.permissions as PermissionRule[]) : [];

function matches(rule: PermissionRule, action: string, subject: string): boolean {
  const actions = list<string>(rule.action);
  const subjects = list<string>(rule.subject);
  return (
    (actions.includes(action) || actions.includes("manage")) &&
    (subjects.includes(subject) || subjects.includes("all"))
  );
}

const sameConditions = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Whether the rules `held` give `action` on `subject` (its field `field`, or the whole record when
 * undefined) under the conditions `conditions` (none: on every record). The last matching rule
 * decides, as in CASL; an inverted rule that may touch the right denies it, and a rule limited to
 * other fields or to other conditions does not grant it.
 */
function holds(
  held: readonly PermissionRule[],
  action: string,
  subject: string,
  field: string | undefined,
  conditions: unknown,
): boolean {
  for (let index = held.length - 1; index >= 0; index -= 1) {
    const rule = held[index];
    if (rule === undefined || !matches(rule, action, subject)) continue;
    const fields = list<string>(rule.fields);
    if (rule.inverted === true) {
      // Taking away other fields leaves a single field's right whole; anything else may cut it.
      if (field !== undefined && fields.length > 0 && !fields.includes(field)) continue;
      return false;
    }
    if (fields.length > 0 && (field === undefined || !fields.includes(field))) continue;
    if (rule.conditions !== undefined && !sameConditions(rule.conditions, conditions)) continue;
    return true;
  }
  return false;
}

const ACTIONS_OF_MANAGE = ["create", "read", "update", "delete"];

/** Whether every right `role` grants is one `author` holds (only an Owner covers an Owner). */
export function roleCovers(author: StoredRole, role: StoredRole): boolean {
  if (isOwner(author)) return true;
  if (isOwner(role)) return false;
  const held = rulesOf(author);
  for (const rule of rulesOf(role)) {
    if (rule.inverted === true) continue;
    const actions = list<string>(rule.action).flatMap((action) =>
      action === "manage" ? ["manage", ...ACTIONS_OF_MANAGE] : [action],
    );
    const subjects = list<string>(rule.subject);
    const fields = rule.fields === undefined ? [undefined] : list<string>(rule.fields);
    for (const action of actions) {
      for (const subject of subjects) {
        for (const field of fields) {
          if (!holds(held, action, subject, field, rule.conditions)) return false;
        }
      }
    }
  }
  return true;
}

/** The role the member `userId` holds in the team `teamId` now; undefined when not a member. */
export async function memberRole(
  db: Kysely<Database>,
  teamId: string,
  userId: string | null,
): Promise<StoredRole | undefined> {
  if (userId === null) return undefined;
  return db
    .selectFrom("teamMember")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .select(["role.name", "role.origin", "role.permissions"])
    .where("teamMember.teamId", "=", teamId)
    .where("teamMember.userId", "=", userId)
    .executeTakeFirst();
}
