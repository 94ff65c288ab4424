import type { WebhookEndpoint } from "@paraphe/api-sdk/contract";
import { buildAbility, type PermissionRule } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { displayName, type Member } from "../membership/members";
import { findWorkspaceOfMember, workspaceSubject } from "../workspaces/workspace-access";

/*
 * Which workspaces an endpoint covers. An endpoint answers to one member, its accountable member
 * (its creator, then whoever last changed it), and covers either every workspace that member
 * belongs to or the ones it chose among them. Whatever it chose, an event of a workspace reaches
 * it only while that member is still of the endpoint's team, belongs to the workspace and their
 * role reads it: checked when the event is recorded and again at each attempt.
 */

/** What the scope check needs of an endpoint. */
export interface EndpointScope {
  id: string;
  teamId: string;
  accountableUserId: string | null;
  allWorkspaces: boolean;
}

/**
 * Whether `endpoint` may receive the events of workspace `workspaceId` now: it covers it, and its
 * accountable member is of the endpoint's team, a member of the workspace, and their role reads it
 * (the workspace's own record, so that conditions apply).
 */
export async function endpointMayReceive(
  db: Kysely<Database>,
  endpoint: EndpointScope,
  workspaceId: string,
): Promise<boolean> {
  if (endpoint.accountableUserId === null) return false;
  const row = await db
    .selectFrom("workspace")
    .innerJoin("workspaceMember", "workspaceMember.workspaceId", "workspace.id")
    .innerJoin("teamMember", (join) =>
      join
        .onRef("teamMember.userId", "=", "workspaceMember.userId")
        .onRef("teamMember.teamId", "=", "workspace.teamId"),
    )
    .innerJoin("role", "role.id", "teamMember.roleId")
    .selectAll("workspace")
    .select("role.permissions")
    .where("workspace.id", "=", workspaceId)
    .where("workspace.teamId", "=", endpoint.teamId)
    .where("workspaceMember.userId", "=", endpoint.accountableUserId)
    .executeTakeFirst();
  if (row === undefined) return false;
  const { permissions, ...workspace } = row;
  if (!buildAbility(permissions as PermissionRule[]).can("read", workspaceSubject(workspace))) {
    return false;
  }
  if (endpoint.allWorkspaces) return true;
  const chosen = await db
    .selectFrom("webhookEndpointWorkspace")
    .select("workspaceId")
    .where("endpointId", "=", endpoint.id)
    .where("workspaceId", "=", workspaceId)
    .executeTakeFirst();
  return chosen !== undefined;
}

/**
 * The workspaces `member` chose for an endpoint, each one they belong to and may read (NOT_FOUND
 * otherwise, as the workspace calls answer, so that nothing says whether it exists).
 */
export async function requireChosenWorkspaces(
  db: Kysely<Database>,
  member: Member,
  workspaceIds: readonly string[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const workspaceId of workspaceIds) {
    ids.push((await findWorkspaceOfMember(db, member, workspaceId, "read")).id);
  }
  return ids;
}

/** What the settings page shows of an endpoint's scope (`webhookEndpointSchema`). */
export type EndpointScopeView = Pick<WebhookEndpoint, "workspaces" | "accountable">;

/** The scope views of `endpoints`, by endpoint id. */
export async function endpointScopeViews(
  db: Kysely<Database>,
  endpoints: readonly EndpointScope[],
): Promise<Map<string, EndpointScopeView>> {
  const views = new Map<string, EndpointScopeView>();
  if (endpoints.length === 0) return views;
  const chosen = await db
    .selectFrom("webhookEndpointWorkspace")
    .innerJoin("workspace", "workspace.id", "webhookEndpointWorkspace.workspaceId")
    .select(["webhookEndpointWorkspace.endpointId", "workspace.id", "workspace.name"])
    .where(
      "webhookEndpointWorkspace.endpointId",
      "in",
      endpoints.map((endpoint) => endpoint.id),
    )
    .orderBy("workspace.name")
    .orderBy("workspace.id")
    .execute();
  const userIds = [
    ...new Set(
      endpoints.flatMap((e) => (e.accountableUserId === null ? [] : [e.accountableUserId])),
    ),
  ];
  const people =
    userIds.length === 0
      ? []
      : await db
          .selectFrom("appUser")
          .innerJoin("teamMember", "teamMember.userId", "appUser.id")
          .select([
            "appUser.id",
            "appUser.email",
            "appUser.firstname",
            "appUser.lastname",
            "teamMember.teamId",
          ])
          .where("appUser.id", "in", userIds)
          .execute();
  for (const endpoint of endpoints) {
    const person = people.find(
      (p) => p.id === endpoint.accountableUserId && p.teamId === endpoint.teamId,
    );
    views.set(endpoint.id, {
      workspaces: endpoint.allWorkspaces
        ? null
        : chosen
            .filter((row) => row.endpointId === endpoint.id)
            .map((row) => ({ uuid: row.id, name: row.name })),
      accountable: person === undefined ? null : { uuid: person.id, name: displayName(person) },
    });
  }
  return views;
}
