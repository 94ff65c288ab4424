import { type CreateTeamRequest } from "@paraphe/api-sdk/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { useSession } from "../../session/session-context";
import { sessionKeys } from "../../session/session-provider";

/** POST /team/create; the answered profile (with its team) replaces the cached one. */
export function useCreateTeam() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (input: CreateTeamRequest) => api.team.create(input),
    onSuccess: (profile) => {
      if (user) queryClient.setQueryData(sessionKeys.profile(user.accessKey), profile);
    },
  });
}
