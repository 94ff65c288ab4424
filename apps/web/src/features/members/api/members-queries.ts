import {
  type ImportInvitationsRequest,
  type InviteMemberRequest,
  type ListMembersRequest,
  type UpdateMemberRequest,
} from "@paraphe/api-sdk/contract";
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { memberKeys } from "./keys";

/** The most members the page loads for one search; the table pages them in the browser. */
export const MEMBERS_PAGE_SIZE = 500;

/** POST /team/list-members: the members matching `search`, the seats and the team's roles. */
export function membersQueryOptions(api: WebApi, search: string) {
  const input: ListMembersRequest = {
    ...(search.trim() === "" ? {} : { search: search.trim() }),
    limit: MEMBERS_PAGE_SIZE,
  };
  return queryOptions({
    queryKey: memberKeys.list(input),
    queryFn: ({ signal }) => api.team.listMembers(input, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMembers(search: string) {
  const api = useApi();
  return useQuery(membersQueryOptions(api, search));
}

/** POST /team/list-invitations: the pending invitations, expired ones flagged. */
export function invitationsQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: memberKeys.invitations(),
    queryFn: ({ signal }) => api.team.listInvitations({}, { signal }),
    select: (data) => data.invitations,
  });
}

export function useInvitations() {
  const api = useApi();
  return useQuery(invitationsQueryOptions(api));
}

/** POST /team/view-invite (app-level credential): the invitation the token names. */
export function viewInviteQueryOptions(api: WebApi, token: string) {
  return queryOptions({
    queryKey: memberKeys.invite(token),
    queryFn: ({ signal }) => api.team.viewInvite({ token }, { signal }),
    retry: false,
  });
}

export function useViewInvite(token: string) {
  const api = useApi();
  return useQuery({ ...viewInviteQueryOptions(api, token), enabled: token !== "" });
}

/** POST /team/invite: a new pending invitation; the invitations and the seats change. */
export function useInviteMember() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMemberRequest) => api.team.invite(input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.invitations() }),
        queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
      ]),
  });
}

/** POST /team/import-invitations: one pending invitation per row; the invitations and seats change. */
export function useImportInvitations() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInvitationsRequest) => api.team.importInvitations(input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.invitations() }),
        queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
      ]),
  });
}

/** POST /team/update-member: the member's role and names (and so the seats) change. */
export function useUpdateMember() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMemberRequest) => api.team.updateMember(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
  });
}

/** POST /team/remove-member. */
export function useRemoveMember() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userUuid: string) => api.team.removeMember({ userUuid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
  });
}

/** POST /team/resend-invite: a new link and expiry. */
export function useResendInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationUuid: string) => api.team.resendInvite({ invitationUuid }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.invitations() }),
        queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
      ]),
  });
}

/** POST /team/revoke-invite: the invitation and its seat go. */
export function useRevokeInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationUuid: string) => api.team.revokeInvite({ invitationUuid }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.invitations() }),
        queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
      ]),
  });
}

/** POST /team/accept-invite (app-level credential): the invitee joins. */
export function useAcceptInvite() {
  const api = useApi();
  return useMutation({
    mutationFn: (token: string) => api.team.acceptInvite({ token }),
  });
}
