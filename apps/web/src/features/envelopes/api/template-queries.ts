import { MAX_BULK_SEND_ROWS, type TemplateStatus } from "@paraphe/api-sdk/contract";
import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { cursorPagesQueryOptions, scopeRequest, type ListScope } from "../../../lib/cursor-pages";
import { templateKeys } from "./keys";

/** Templates per page of the list. */
export const TEMPLATE_PAGE_SIZE = 25;

/** The list's status filter: every template, or one status. */
export type TemplateListFilter = "all" | TemplateStatus;

/** POST /template/list, page after page (keyset: each answer gives the next cursor). */
export function templateListQueryOptions(api: WebApi, scope: ListScope<TemplateListFilter>) {
  const { filter, workspaceUuid, tagUuid } = scope;
  const status = filter === "all" ? {} : { status: filter };
  return cursorPagesQueryOptions(
    templateKeys.list(filter, workspaceUuid, tagUuid),
    (page, signal) =>
      api.template.list(
        { limit: TEMPLATE_PAGE_SIZE, ...status, ...scopeRequest(scope), ...page },
        { signal },
      ),
  );
}

export function useTemplateList(scope: ListScope<TemplateListFilter>, enabled = true) {
  return useInfiniteQuery({ ...templateListQueryOptions(useApi(), scope), enabled });
}

/** POST /template/get: documents, roles, fields and default options. */
export function templateQueryOptions(api: WebApi, templateUuid: string) {
  return queryOptions({
    queryKey: templateKeys.detail(templateUuid),
    queryFn: ({ signal }) => api.template.get({ templateUuid }, { signal }),
  });
}

export function useTemplate(templateUuid: string) {
  return useQuery(templateQueryOptions(useApi(), templateUuid));
}

/** How often a running bulk send's progress is asked for (ms). */
export const BULK_SEND_POLL_MS = 1500;

/** POST /template/bulk-send-status: progress and the whole report, asked again while running. */
export function useBulkSendStatus(bulkSendUuid: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: templateKeys.bulkSend(bulkSendUuid ?? ""),
    queryFn: ({ signal }) =>
      api.template.bulkSendStatus(
        { bulkSendUuid: bulkSendUuid ?? "", limit: MAX_BULK_SEND_ROWS },
        { signal },
      ),
    enabled: bulkSendUuid !== null,
    refetchInterval: (query) =>
      query.state.data?.bulkSend.status === "done" ? false : BULK_SEND_POLL_MS,
  });
}

/** POST /template/list-bulk-sends of one template (the latest first), asked again while one runs. */
export function useTemplateBulkSends(templateUuid: string) {
  const api = useApi();
  return useQuery({
    queryKey: templateKeys.bulkSends(templateUuid),
    queryFn: ({ signal }) => api.template.listBulkSends({ templateUuid, limit: 20 }, { signal }),
    // Counts of a running bulk send change until it is done.
    refetchInterval: (query) =>
      query.state.data?.bulkSends.some((bulkSend) => bulkSend.status === "running")
        ? BULK_SEND_POLL_MS
        : false,
  });
}
