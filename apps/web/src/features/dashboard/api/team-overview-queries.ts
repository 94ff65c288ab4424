import { queryOptions, useQuery } from "@tanstack/react-query";
import { workspaceKeys } from "../../../domain/query-keys";
import { ssoConfigurationQueryOptions } from "../../../domain/sso";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { teamOverviewKeys } from "./keys";

/** POST /team/list-members with one row: the dashboard only needs the total and the seats. */
export function memberCountQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: teamOverviewKeys.memberCount(),
    queryFn: ({ signal }) => api.team.listMembers({ limit: 1 }, { signal }),
    select: (data) => ({ total: data.total, seats: data.seats }),
    staleTime: 30_000,
  });
}

export function useMemberCount() {
  return useQuery(memberCountQueryOptions(useApi()));
}

/** POST /team/list-roles (the same query as the roles page): the number of the team's roles. */
export function roleCountQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: teamOverviewKeys.roles(),
    queryFn: ({ signal }) => api.team.listRoles({}, { signal }),
    select: (data) => data.roles.length,
    staleTime: 30_000,
  });
}

export function useRoleCount() {
  return useQuery(roleCountQueryOptions(useApi()));
}

/** POST /workspace/list (the same query as the workspaces page): the member's workspaces. */
export function workspaceCountQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: workspaceKeys.list(),
    queryFn: ({ signal }) => api.workspace.list({}, { signal }),
    select: (data) => data.workspaces.length,
    staleTime: 30_000,
  });
}

export function useWorkspaceCount() {
  return useQuery(workspaceCountQueryOptions(useApi()));
}

/** POST /sso/get (the same query as the single sign-on settings): configured, enabled or not. */
export function useSsoState() {
  return useQuery({ ...ssoConfigurationQueryOptions(useApi()), staleTime: 30_000 });
}
