import { infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";

/** A page of a keyset list: each answer gives the cursor of the next page, null after the last. */
export interface CursorPage {
  nextCursor: string | null;
}

/**
 * The infinite-query options of a keyset list read page after page: the first page without a
 * cursor, each next one with the cursor the previous answer gave, none after a null cursor.
 * `fetchPage` spreads `page` (`{}` or `{ cursor }`) into its request.
 */
export function cursorPagesQueryOptions<TPage extends CursorPage, TKey extends QueryKey>(
  queryKey: TKey,
  fetchPage: (page: { cursor?: string }, signal: AbortSignal) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) => fetchPage(pageParam ? { cursor: pageParam } : {}, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TPage) => last.nextCursor,
  });
}

/** What a list page shows: a filter (status), and optionally one workspace and one tag. */
export interface ListScope<TFilter extends string> {
  filter: TFilter;
  workspaceUuid: string | undefined;
  tagUuid?: string | undefined;
}

/** The workspace and tag of a scope as request fields (absent when unset). */
export function scopeRequest(scope: ListScope<string>): {
  workspaceUuid?: string;
  tagUuid?: string;
} {
  return {
    ...(scope.workspaceUuid ? { workspaceUuid: scope.workspaceUuid } : {}),
    ...(scope.tagUuid ? { tagUuid: scope.tagUuid } : {}),
  };
}
