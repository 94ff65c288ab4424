import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { onboardingInvitationKeys } from "./keys";

/** POST /team/my-invitations: the live invitations addressed to the signed-in person. */
export function myInvitationsQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: onboardingInvitationKeys.mine(),
    queryFn: ({ signal }) => api.team.myInvitations({}, { signal }),
    select: (data) => data.invitations,
  });
}

export function useMyInvitations(enabled: boolean) {
  const api = useApi();
  return useQuery({ ...myInvitationsQueryOptions(api), enabled });
}

/** POST /team/join: accepts one of them (the caller then reloads the profile, now with a team). */
export function useJoinTeam() {
  const api = useApi();
  return useMutation({
    mutationFn: (invitationUuid: string) => api.team.join({ invitationUuid }),
  });
}
