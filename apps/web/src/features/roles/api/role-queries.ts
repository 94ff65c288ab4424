import { type CreateRoleRequest, type UpdateRoleRequest } from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { roleKeys } from "./keys";

/** POST /team/list-roles: the team's managed and custom roles. */
export function rolesQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: roleKeys.list(),
    queryFn: ({ signal }) => api.team.listRoles({}, { signal }),
    select: (data) => data.roles,
  });
}

export function useRoles() {
  return useQuery(rolesQueryOptions(useApi()));
}

/** POST /team/create-role. */
export function useCreateRole() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRoleRequest) => api.team.createRole(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}

/** POST /team/update-role: rename and/or replace the rules. */
export function useUpdateRole() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRoleRequest) => api.team.updateRole(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}

/** POST /team/delete-role. */
export function useDeleteRole() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleUuid: string) => api.team.deleteRole({ roleUuid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}
