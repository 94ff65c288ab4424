import type { Workspace } from "@paraphe/api-sdk/contract";
import { asSubject } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Database, WorkspaceRow } from "../db/database";
import { requirePermission, type Member } from "../membership/members";
import { workspaceNotFound } from "./workspace-store";

/** A workspace as role conditions see it (`{ "isDefault": false }`), tagged as a `Workspace`. */
export function workspaceSubject(workspace: WorkspaceRow) {
  return asSubject("Workspace", {
    id: workspace.id,
    teamId: workspace.teamId,
    name: workspace.name,
    isDefault: workspace.isDefault,
  });
}

/**
 * The workspace `workspaceId` as `member` may see it: of their team, with them as a member, and
 * their role reads workspaces; NOT_FOUND otherwise (its existence is never revealed). A visible
 * workspace the role does not allow `action` on answers FORBIDDEN.
 */
export async function findWorkspaceOfMember(
  db: Kysely<Database>,
  member: Member,
  workspaceId: string,
  action: "read" | "update" | "delete",
): Promise<WorkspaceRow> {
  if (!member.ability.can("read", "Workspace")) throw workspaceNotFound();
  const workspace = await db
    .selectFrom("workspace")
    .selectAll("workspace")
    .where("workspace.id", "=", workspaceId)
    .where("workspace.teamId", "=", member.teamId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("workspaceMember")
          .select("workspaceMember.userId")
          .whereRef("workspaceMember.workspaceId", "=", "workspace.id")
          .where("workspaceMember.userId", "=", member.userId),
      ),
    )
    .executeTakeFirst();
  if (workspace === undefined) throw workspaceNotFound();
  const subject = workspaceSubject(workspace);
  if (!member.ability.can("read", subject)) throw workspaceNotFound();
  requirePermission(member, action, subject);
  return workspace;
}

/** The workspace as the api answers it (`workspaceSchema`). */
export async function workspaceView(db: Kysely<Database>, workspaceId: string): Promise<Workspace> {
  const row = await db
    .selectFrom("workspace")
    .selectAll("workspace")
    .select((eb) =>
      eb
        .selectFrom("workspaceMember")
        .select((inner) => inner.fn.countAll<string>().as("n"))
        .whereRef("workspaceMember.workspaceId", "=", "workspace.id")
        .as("memberCount"),
    )
    .where("workspace.id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  return {
    uuid: row.id,
    name: row.name,
    color: row.color,
    isDefault: row.isDefault,
    memberCount: Number(row.memberCount ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A workspace of the member's team that they belong to; NOT_FOUND otherwise. A command that then
 * writes into it holds it in its transaction (`holdWorkspaceRow`), since it may go meanwhile.
 */
export async function findWorkspaceForMember(
  db: Kysely<Database>,
  member: Member,
  workspaceId: string | undefined,
): Promise<{ id: string; name: string }> {
  let query = db
    .selectFrom("workspace")
    .innerJoin("workspaceMember", "workspaceMember.workspaceId", "workspace.id")
    .select(["workspace.id", "workspace.name"])
    .where("workspace.teamId", "=", member.teamId)
    .where("workspaceMember.userId", "=", member.userId);
  query =
    workspaceId === undefined
      ? query.where("workspace.isDefault", "=", true)
      : query.where("workspace.id", "=", workspaceId);
  const workspace = await query.executeTakeFirst();
  if (workspace === undefined) throw workspaceNotFound();
  return workspace;
}
