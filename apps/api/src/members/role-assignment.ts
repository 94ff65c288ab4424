import { unheldRights, type PermissionRule } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import { describeRight } from "../roles/role-access";
import { isOwnerRole, type TeamRoleRow, type TeamRoleWithRules } from "./team-access";
import { memberRole } from "./team-members";

/*
 * Who may give a role to someone (spec §6): inviting, importing invitations, changing a member's
 * role and the single sign-on default role. The caller must hold every right of the role, fields
 * and conditions included (`unheldRights` of `@paraphe/permissions`, not a subject-type check);
 * only an Owner makes an Owner; nobody changes their own role. Changing or removing a member also
 * needs every right of the role they hold now (an Admin does not demote or remove an Owner).
 */

/** The role `roleId` of the team with its rules; NOT_FOUND when it is another team's or none. */
async function teamRoleWithRules(
  db: Kysely<Database>,
  teamId: string,
  roleId: string,
): Promise<TeamRoleWithRules> {
  const role = await db
    .selectFrom("role")
    .select(["id", "name", "origin", "permissions"])
    .where("teamId", "=", teamId)
    .where("id", "=", roleId)
    .executeTakeFirst();
  if (role === undefined) {
    throw new AppError("NOT_FOUND", { message: "This role does not exist in your team." });
  }
  return role;
}

/** How a refusal reads: the act refused, given the role's name. */
interface Refusal {
  /** "You cannot give the role Owner" */
  act(roleName: string): string;
  /** Why only an owner may: "only an owner of the team can make someone an owner" */
  ownersOnly: string;
}

const GIVING: Refusal = {
  act: (name) => `You cannot give the role ${name}`,
  ownersOnly: "only an owner of the team can make someone an owner",
};

const CHANGING: Refusal = {
  act: (name) => `You cannot change the role of, or remove, a member with the role ${name}`,
  ownersOnly: "only an owner of the team can do that to an owner",
};

/** FORBIDDEN unless `member` holds every right of `role`, and, for the Owner role, is an Owner. */
async function requireHeldRole(
  db: Kysely<Database>,
  member: Member,
  role: TeamRoleWithRules,
  refusal: Refusal,
): Promise<void> {
  if (isOwnerRole(role) && !isOwnerRole(await memberRole(db, member.teamId, member.userId))) {
    throw new AppError("FORBIDDEN", {
      message: `${refusal.act(role.name)}: ${refusal.ownersOnly}.`,
      suggestion: "Ask an owner of the team.",
    });
  }
  const rules = Array.isArray(role.permissions) ? (role.permissions as PermissionRule[]) : null;
  const [unheld] = rules === null ? [] : unheldRights(member.ability, rules);
  if (rules === null || unheld !== undefined) {
    throw new AppError("FORBIDDEN", {
      message: `${refusal.act(role.name)}: ${
        unheld === undefined
          ? "its rules cannot be read"
          : `it allows to ${describeRight(unheld)}, which your role does not`
      }.`,
      suggestion:
        "Choose a role whose permissions your own role holds, or ask an owner of the team.",
    });
  }
}

/**
 * The role `roleId` of `member`'s team, which `member` may give to someone (an invitation, an
 * import, the single sign-on default role): FORBIDDEN when it gives a right `member` does not hold,
 * or is the Owner role and `member` no Owner; NOT_FOUND when the team has no such role.
 */
export async function requireAssignableRole(
  db: Kysely<Database>,
  member: Member,
  roleId: string,
): Promise<TeamRoleWithRules> {
  const role = await teamRoleWithRules(db, member.teamId, roleId);
  await requireHeldRole(db, member, role, GIVING);
  return role;
}

/**
 * Checks that `member` may change the role of the member `userId` from `current` to `nextRoleId`
 * (a role of the team): nobody changes their own role; the caller holds every right of both the
 * member's current role and the new one (so an Admin neither makes an Owner nor demotes one).
 * Keeping the same role needs nothing more (names alone change). Answers the new role.
 */
export async function requireRoleChange(
  db: Kysely<Database>,
  member: Member,
  userId: string,
  current: TeamRoleRow,
  nextRoleId: string,
): Promise<TeamRoleWithRules> {
  const next = await teamRoleWithRules(db, member.teamId, nextRoleId);
  if (next.id === current.id) return next;
  if (userId === member.userId) {
    throw new AppError("FORBIDDEN", {
      message: "You cannot change your own role.",
      suggestion: "Ask another administrator of the team to change it.",
    });
  }
  await requireHeldMemberRole(db, member, current);
  await requireHeldRole(db, member, next, GIVING);
  return next;
}

/**
 * FORBIDDEN unless `member` holds every right of `current`, the role of a member they change or
 * remove (and, for an Owner, is an Owner).
 */
export async function requireHeldMemberRole(
  db: Kysely<Database>,
  member: Member,
  current: TeamRoleRow,
): Promise<void> {
  await requireHeldRole(
    db,
    member,
    await teamRoleWithRules(db, member.teamId, current.id),
    CHANGING,
  );
}
