import { type CreateTeamRequest } from "@paraphe/api-sdk/contract";
import { useMutation } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { useSetCachedProfile } from "../../../app/session/use-cached-profile";

/** POST /team/create; the answered profile (with its team) replaces the cached one. */
export function useCreateTeam() {
  const api = useApi();
  const setProfile = useSetCachedProfile();
  return useMutation({
    mutationFn: (input: CreateTeamRequest) => api.team.create(input),
    onSuccess: setProfile,
  });
}
