import { type DeleteAccountRequest, type DeleteTeamRequest } from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { useInvalidateProfile } from "../../../app/session/use-cached-profile";
import { erasureKeys } from "./keys";

type Api = ReturnType<typeof useApi>;

/** POST /team/list-members with one row: the team's member count (`total`). */
export function memberCountQueryOptions(api: Api) {
  return queryOptions({
    queryKey: erasureKeys.memberCount(),
    queryFn: ({ signal }) => api.team.listMembers({ limit: 1 }, { signal }),
    select: (answer) => answer.total,
  });
}

export function useMemberCount() {
  return useQuery(memberCountQueryOptions(useApi()));
}

/** POST /user/delete-account; the caller then signs out (their sessions are gone). */
export function useDeleteAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) => api.user.deleteAccount(input),
  });
}

/** POST /team/delete; the profile is reloaded: the caller no longer has a team. */
export function useDeleteTeam() {
  const api = useApi();
  const invalidateProfile = useInvalidateProfile();
  return useMutation({
    mutationFn: (input: DeleteTeamRequest) => api.team.delete(input),
    onSuccess: invalidateProfile,
  });
}
