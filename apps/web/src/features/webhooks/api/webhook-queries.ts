import {
  type CreateWebhookRequest,
  type ListWebhookDeliveriesResponse,
  type UpdateWebhookRequest,
} from "@paraphe/api-sdk/contract";
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { workspaceKeys } from "../../../domain/query-keys";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { cursorPagesQueryOptions } from "../../../lib/cursor-pages";
import { webhookKeys } from "./keys";

/** Deliveries per page of an endpoint's log. */
export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;

/** POST /webhook/list. */
export function webhooksQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => api.webhook.list({}, { signal }),
  });
}

/** How often the log is read again while a delivery's attempt is due (ms). */
export const WEBHOOK_DELIVERY_POLL_MS = 2000;
/** A pending delivery whose next attempt is at most this far off keeps the log polling (ms). */
const WEBHOOK_DELIVERY_POLL_HORIZON_MS = 15_000;

/**
 * The log's refetch interval: while a pending delivery's next attempt is due now or within
 * 15 seconds (a new or replayed delivery, whose first attempt is immediate), the log is read every
 * 2 seconds, so that its outcome shows without a reload; otherwise it is not polled (retries an
 * hour away show on the next visit).
 */
export function deliveryLogPollInterval(
  pages: readonly ListWebhookDeliveriesResponse[] | undefined,
  now: number,
): number | false {
  const due = (pages ?? []).some((page) =>
    page.deliveries.some(
      (delivery) =>
        delivery.status === "pending" &&
        (delivery.nextAttemptAt === null ||
          Date.parse(delivery.nextAttemptAt) - now <= WEBHOOK_DELIVERY_POLL_HORIZON_MS),
    ),
  );
  return due ? WEBHOOK_DELIVERY_POLL_MS : false;
}

/** POST /webhook/deliveries, page after page (newest first; keyset cursor). */
export function webhookDeliveriesQueryOptions(api: WebApi, endpointUuid: string) {
  return infiniteQueryOptions({
    ...cursorPagesQueryOptions(webhookKeys.deliveries(endpointUuid), (page, signal) =>
      api.webhook.deliveries(
        { endpointUuid, limit: WEBHOOK_DELIVERY_PAGE_SIZE, ...page },
        { signal },
      ),
    ),
    refetchInterval: (query) => deliveryLogPollInterval(query.state.data?.pages, Date.now()),
  });
}

export function useWebhooks() {
  return useQuery(webhooksQueryOptions(useApi()));
}

/** POST /workspace/list: the workspaces the member belongs to, those an endpoint may cover. */
export function useWebhookWorkspaces() {
  const api = useApi();
  return useQuery({
    queryKey: workspaceKeys.list(),
    queryFn: ({ signal }) => api.workspace.list({}, { signal }),
    select: (data) => data.workspaces,
  });
}

export function useWebhookDeliveries(endpointUuid: string) {
  return useInfiniteQuery(webhookDeliveriesQueryOptions(useApi(), endpointUuid));
}

/** POST /webhook/create: the list changes; the secret is in the answer, shown once. */
export function useCreateWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateWebhookRequest) => api.webhook.create(request),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** POST /webhook/update. */
export function useUpdateWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateWebhookRequest) => api.webhook.update(request),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** POST /webhook/rotate-secret: the new secret is in the answer, shown once. */
export function useRotateWebhookSecret() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.webhook.rotateSecret({ uuid }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** POST /webhook/delete: the endpoint and its log go. */
export function useDeleteWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.webhook.delete({ uuid }),
    onSuccess: (_answer, uuid) => {
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(uuid) });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

/** POST /webhook/replay: a new delivery joins the endpoint's log. */
export function useReplayWebhookDelivery(endpointUuid: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryUuid: string) => api.webhook.replay({ deliveryUuid }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointUuid) }),
  });
}
