import {
  type ListSupportMessagesResponse,
  type SupportConversationDetail,
  type SupportMessage,
} from "@paraphe/api-sdk/contract";
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { supportKeys } from "./keys";

/** How often an open support page asks for new messages (only while the tab is visible). */
export const SUPPORT_POLL_INTERVAL_MS = 4000;
/** How often the operators' list asks for new conversations. */
export const SUPPORT_CONVERSATIONS_POLL_INTERVAL_MS = 10_000;

/** `messages` with `more` appended, each message once. */
export function appendMessages(
  messages: readonly SupportMessage[],
  more: readonly SupportMessage[],
): SupportMessage[] {
  const known = new Set(messages.map((message) => message.uuid));
  return [...messages, ...more.filter((message) => !known.has(message.uuid))];
}

/**
 * POST /support/list-messages: the first load takes the conversation, each poll after it only the
 * messages after the last one the page has (the `after` cursor), appended to what it shows.
 */
export function supportMessagesQueryOptions(api: WebApi, queryClient: QueryClient) {
  return queryOptions({
    queryKey: supportKeys.messages(),
    queryFn: async ({ signal }): Promise<ListSupportMessagesResponse> => {
      const known = queryClient.getQueryData<ListSupportMessagesResponse>(supportKeys.messages());
      const last = known?.messages.at(-1);
      if (known === undefined || last === undefined) {
        return api.support.listMessages({}, { signal });
      }
      const next = await api.support.listMessages({ after: last.uuid }, { signal });
      return { operator: next.operator, messages: appendMessages(known.messages, next.messages) };
    },
    refetchInterval: SUPPORT_POLL_INTERVAL_MS,
  });
}

export function useSupportMessages() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery(supportMessagesQueryOptions(api, queryClient));
}

/** POST /support/send: the message joins the conversation shown. */
export function useSendSupportMessage() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.support.send({ body }),
    onSuccess: ({ message }) => {
      queryClient.setQueryData<ListSupportMessagesResponse>(supportKeys.messages(), (known) =>
        known === undefined
          ? known
          : { ...known, messages: appendMessages(known.messages, [message]) },
      );
    },
  });
}

/** POST /support/operator/list-conversations (operators only). */
export function useSupportConversations() {
  const api = useApi();
  return useQuery({
    queryKey: supportKeys.conversations(),
    queryFn: ({ signal }) => api.support.operatorListConversations({}, { signal }),
    select: (data) => data.conversations,
    refetchInterval: SUPPORT_CONVERSATIONS_POLL_INTERVAL_MS,
  });
}

/** POST /support/operator/get, polled with the `after` cursor like the member's page. */
export function useSupportConversation(conversationUuid: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: supportKeys.conversation(conversationUuid),
    queryFn: async ({ signal }): Promise<SupportConversationDetail> => {
      const key = supportKeys.conversation(conversationUuid);
      const known = queryClient.getQueryData<SupportConversationDetail>(key);
      const last = known?.messages.at(-1);
      if (known === undefined || last === undefined) {
        return api.support.operatorGet({ conversationUuid }, { signal });
      }
      const next = await api.support.operatorGet(
        { conversationUuid, after: last.uuid },
        { signal },
      );
      return { ...next, messages: appendMessages(known.messages, next.messages) };
    },
    refetchInterval: SUPPORT_POLL_INTERVAL_MS,
  });
}

/** POST /support/operator/reply: the answer joins the conversation; the list is reloaded. */
export function useReplySupport(conversationUuid: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.support.operatorReply({ conversationUuid, body }),
    onSuccess: async ({ message }) => {
      queryClient.setQueryData<SupportConversationDetail>(
        supportKeys.conversation(conversationUuid),
        (known) =>
          known === undefined
            ? known
            : { ...known, messages: appendMessages(known.messages, [message]) },
      );
      await queryClient.invalidateQueries({ queryKey: supportKeys.conversations() });
    },
  });
}
