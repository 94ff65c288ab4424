import { type DeleteWorkspaceRequest, type Workspace } from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { envelopeKeys } from "../../../domain/query-keys";
import { workspaceKeys } from "./keys";
import type { NameColorValues } from "../../../domain/name-color-form";
import { type NameColorEditing } from "../../../domain/name-color-settings";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";

/** POST /workspace/list: the workspaces the member belongs to. */
export function workspaceListQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: workspaceKeys.list(),
    queryFn: ({ signal }) => api.workspace.list({}, { signal }),
    select: (data) => data.workspaces,
  });
}

export function useWorkspaceList() {
  const api = useApi();
  return useQuery(workspaceListQueryOptions(api));
}

/** POST /workspace/list-members: its members and the team's members who may be added. */
export function workspaceMembersQueryOptions(api: WebApi, workspaceUuid: string) {
  return queryOptions({
    queryKey: workspaceKeys.members(workspaceUuid),
    queryFn: ({ signal }) => api.workspace.listMembers({ workspaceUuid }, { signal }),
  });
}

export function useWorkspaceMembers(workspaceUuid: string) {
  const api = useApi();
  return useQuery(workspaceMembersQueryOptions(api, workspaceUuid));
}

/** Create and update change the list; the envelope lists show workspace names. */
export function useSaveWorkspace() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      values,
      editing,
    }: {
      values: NameColorValues;
      editing: NameColorEditing<Workspace>;
    }) =>
      editing.kind === "create"
        ? api.workspace.create(values)
        : api.workspace.update({ ...values, workspaceUuid: editing.record.uuid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
  });
}

export function useMakeDefaultWorkspace() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceUuid: string) => api.workspace.makeDefault({ workspaceUuid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
  });
}

/** Deleting moves documents: the workspace list and every envelope list change. */
export function useDeleteWorkspace() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteWorkspaceRequest) => api.workspace.delete(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      await queryClient.invalidateQueries({ queryKey: envelopeKeys.all });
    },
  });
}

/** Adding or removing a member: the members, the counts of the list, and what envelopes show. */
export function useWorkspaceMembership(workspaceUuid: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: "add" | "remove"; userUuid: string }) =>
      input.kind === "add"
        ? api.workspace.addMember({ workspaceUuid, userUuid: input.userUuid })
        : api.workspace.removeMember({ workspaceUuid, userUuid: input.userUuid }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(workspaceKeys.members(workspaceUuid), answer);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
      await queryClient.invalidateQueries({ queryKey: envelopeKeys.all });
    },
  });
}
