import type { Action } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { teamSubject, type Member } from "../membership/members";
import { AppError } from "../errors/app-error";

/**
 * Whether the calling member may `action` on their own team's field `members` (spec §6): `read` to
 * see members and invitations, `update` to invite, change and remove. FORBIDDEN otherwise.
 */
export function requireTeamPermission(member: Member, action: Action): void {
  if (!member.ability.can(action, teamSubject(member), "members")) {
    throw new AppError("FORBIDDEN", {
      message:
        action === "read"
          ? "Your role does not allow you to see the members of the team."
          : "Your role does not allow you to administer the members of the team.",
    });
  }
}

export interface TeamRoleRow {
  id: string;
  name: string;
  origin: "managed" | "custom";
}

/** A role of the team with its rules as stored. */
export interface TeamRoleWithRules extends TeamRoleRow {
  permissions: unknown;
}

/** Whether a role takes a seat: every role but the managed Viewer (spec §4, §6). */
export function takesSeat(role: { name: string; origin: "managed" | "custom" }): boolean {
  return !(role.origin === "managed" && role.name === "Viewer");
}

/** Whether a role is the managed Owner. */
export function isOwnerRole(role: { name: string; origin: "managed" | "custom" }): boolean {
  return role.origin === "managed" && role.name === "Owner";
}

/** The roles of a team with their rules, managed ones first, then by name. */
export async function teamRoles(
  db: Kysely<Database>,
  teamId: string,
): Promise<TeamRoleWithRules[]> {
  return db
    .selectFrom("role")
    .select(["id", "name", "origin", "permissions"])
    .where("teamId", "=", teamId)
    .orderBy("origin", "desc")
    .orderBy("name")
    .execute();
}

/** The role `roleId` of the team; NOT_FOUND when it is another team's or does not exist. */
export async function findTeamRole(
  db: Kysely<Database>,
  teamId: string,
  roleId: string,
): Promise<TeamRoleRow> {
  const role = await db
    .selectFrom("role")
    .select(["id", "name", "origin"])
    .where("teamId", "=", teamId)
    .where("id", "=", roleId)
    .executeTakeFirst();
  if (role === undefined) {
    throw new AppError("NOT_FOUND", { message: "This role does not exist in your team." });
  }
  return role;
}

export const roleView = (role: TeamRoleRow) => ({
  uuid: role.id,
  name: role.name,
  origin: role.origin,
});
