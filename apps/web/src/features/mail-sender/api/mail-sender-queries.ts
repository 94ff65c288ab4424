import type { SaveMailSenderRequest } from "@paraphe/api-sdk/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { mailSenderKeys } from "./keys";

type Api = ReturnType<typeof useApi>;

/** POST /mail-sender/get: how the team's mail leaves. */
export function mailSenderQueryOptions(api: Api) {
  return queryOptions({
    queryKey: mailSenderKeys.detail(),
    queryFn: ({ signal }) => api.mailSender.get({}, { signal }),
  });
}

export function useMailSender() {
  return useQuery(mailSenderQueryOptions(useApi()));
}

/** POST /mail-sender/save: answers the whole sender, which replaces the cached one. */
export function useSaveMailSender() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveMailSenderRequest) => api.mailSender.save(input),
    onSuccess: (answer) => queryClient.setQueryData(mailSenderKeys.detail(), answer),
  });
}

/** POST /mail-sender/test: a test message to the caller; the sender it answers is cached. */
export function useTestMailSender() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.mailSender.test({}),
    onSuccess: (answer) =>
      queryClient.setQueryData(mailSenderKeys.detail(), { sender: answer.sender }),
  });
}
