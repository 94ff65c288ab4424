import type { Workspace } from "@paraphe/api-sdk/contract";
import { type Kysely } from "kysely";
import type { Database } from "../db/database";
import { type Member } from "../membership/members";

/** The member's workspaces (of their team, that they belong to). */
export async function listWorkspaces(
  { db }: { db: Kysely<Database> },
  member: Member,
): Promise<Workspace[]> {
  const rows = await db
    .selectFrom("workspace")
    .innerJoin("workspaceMember", "workspaceMember.workspaceId", "workspace.id")
    .selectAll("workspace")
    .select((eb) =>
      eb
        .selectFrom("workspaceMember as wm")
        .select((inner) => inner.fn.countAll<string>().as("n"))
        .whereRef("wm.workspaceId", "=", "workspace.id")
        .as("memberCount"),
    )
    .where("workspace.teamId", "=", member.teamId)
    .where("workspaceMember.userId", "=", member.userId)
    .orderBy("workspace.isDefault", "desc")
    .orderBy("workspace.name")
    .execute();
  return rows.map((row) => ({
    uuid: row.id,
    name: row.name,
    color: row.color,
    isDefault: row.isDefault,
    memberCount: Number(row.memberCount ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
