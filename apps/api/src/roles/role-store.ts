import { MANAGED_ROLE_NAMES } from "@paraphe/permissions";
import { sql, type Kysely } from "kysely";
import type { Database, RoleRow } from "../db/database";
import { lockTeamRow } from "../db/team-rows";

/** A role row with the number of members holding it. */
export type RoleWithCount = RoleRow & { memberCount: number };

function rolesWithCounts(db: Kysely<Database>, teamId: string) {
  return db
    .selectFrom("role")
    .selectAll("role")
    .select((eb) =>
      eb
        .selectFrom("teamMember")
        .select(eb.fn.countAll<string>().as("count"))
        .whereRef("teamMember.roleId", "=", "role.id")
        .as("memberCount"),
    )
    .where("role.teamId", "=", teamId);
}

function withCount(row: RoleRow & { memberCount: string | number | null }): RoleWithCount {
  return { ...row, memberCount: Number(row.memberCount ?? 0) };
}

/** The roles of a team: the managed ones (Owner, Admin, Member, Viewer), then custom ones by name. */
export async function listTeamRoles(
  db: Kysely<Database>,
  teamId: string,
): Promise<RoleWithCount[]> {
  const rows = await rolesWithCounts(db, teamId)
    .orderBy(sql`array_position(${sql.val([...MANAGED_ROLE_NAMES])}::text[], role.name)`)
    .orderBy(sql`lower(role.name)`)
    .execute();
  return rows.map(withCount);
}

/** One role of a team with its member count; undefined when the team has no such role. */
export async function findTeamRole(
  db: Kysely<Database>,
  teamId: string,
  roleId: string,
): Promise<RoleWithCount | undefined> {
  const row = await rolesWithCounts(db, teamId).where("role.id", "=", roleId).executeTakeFirst();
  return row === undefined ? undefined : withCount(row);
}

/**
 * Locks the team's row: the role commands of one team (whose name checks span every role of the
 * team) run one after the other.
 */
export async function lockTeamForRoles(trx: Kysely<Database>, teamId: string): Promise<void> {
  await trx.selectFrom("team").select("id").where("id", "=", teamId).forUpdate().execute();
}

/** Locks and returns a role of the team; undefined when the team has no such role. */
export async function lockTeamRole(
  trx: Kysely<Database>,
  teamId: string,
  roleId: string,
): Promise<RoleRow | undefined> {
  return lockTeamRow(trx, "role", teamId, roleId, "update");
}

/** Whether another role of the team has this name, ignoring case. */
export async function roleNameTaken(
  trx: Kysely<Database>,
  teamId: string,
  name: string,
  exceptRoleId?: string,
): Promise<boolean> {
  let query = trx
    .selectFrom("role")
    .select("id")
    .where("teamId", "=", teamId)
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptRoleId !== undefined) query = query.where("id", "<>", exceptRoleId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** How many members hold the role. */
export async function countRoleHolders(trx: Kysely<Database>, roleId: string): Promise<number> {
  const row = await trx
    .selectFrom("teamMember")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("roleId", "=", roleId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
