import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { sessionListKeys } from "./keys";

/** POST /authentication/list-sessions: every session of the signed-in person. */
export function sessionListQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: sessionListKeys.list(),
    queryFn: ({ signal }) => api.authentication.listSessions({}, { signal }),
    select: (data) => data.sessions,
  });
}

export function useSessionList() {
  const api = useApi();
  return useQuery(sessionListQueryOptions(api));
}

/** The api takes at most this many access keys per call. */
const MAX_KEYS_PER_CALL = 100;

/** POST /authentication/terminate-sessions with filter{accessKeys}; the list is reloaded. */
export function useTerminateSessions() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (accessKeys: string[]) => {
      let terminated = 0;
      for (let start = 0; start < accessKeys.length; start += MAX_KEYS_PER_CALL) {
        const filter = { accessKeys: accessKeys.slice(start, start + MAX_KEYS_PER_CALL) };
        terminated += (await api.authentication.terminateSessions({ filter })).terminated;
      }
      return terminated;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionListKeys.list() }),
  });
}
