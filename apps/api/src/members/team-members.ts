import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import type { TeamRoleRow } from "./team-access";

/*
 * Neutral reads the member commands share: a member's role, and how many owners the team has.
 * Call them with the team row locked (`lockTeam`) so that the answer holds until the commit.
 */

export const memberNotFound = (): AppError =>
  new AppError("NOT_FOUND", { message: "This person is not a member of your team." });

/** The role of the member `userId` of the team; NOT_FOUND when they are not a member. */
export async function memberRole(
  db: Kysely<Database>,
  teamId: string,
  userId: string,
): Promise<TeamRoleRow> {
  const row = await db
    .selectFrom("teamMember")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .select(["role.id", "role.name", "role.origin"])
    .where("teamMember.teamId", "=", teamId)
    .where("teamMember.userId", "=", userId)
    .executeTakeFirst();
  if (row === undefined) throw memberNotFound();
  return row;
}

/** How many members of the team hold the managed Owner role. */
export async function ownerCount(db: Kysely<Database>, teamId: string): Promise<number> {
  const row = await db
    .selectFrom("teamMember")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("teamMember.teamId", "=", teamId)
    .where("role.origin", "=", "managed")
    .where("role.name", "=", "Owner")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
