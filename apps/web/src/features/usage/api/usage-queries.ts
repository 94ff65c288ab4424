import {
  USAGE_PAGE_SIZE_MAX,
  type ExportUsageRequest,
  type UsageBucket,
} from "@paraphe/api-sdk/contract";
import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api/api-context";
import { type WebApi } from "../../../lib/api/create-web-api";
import { cursorPagesQueryOptions } from "../../../lib/cursor-pages";
import { usageKeys, type UsageFilter } from "./keys";

export { type UsageFilter } from "./keys";

/** The request fields of a filter (what `/usage/list` and `/usage/export` share). */
export function filterRequest(filter: UsageFilter): ExportUsageRequest {
  return {
    ...(filter.type ? { types: [filter.type] } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  };
}

/** POST /usage/list: the log, newest first, by pages of 100 (the table pages them further). */
export function usageLogQueryOptions(api: WebApi, filter: UsageFilter) {
  return cursorPagesQueryOptions(usageKeys.log(filter), (page, signal) =>
    api.usage.list({ ...filterRequest(filter), limit: USAGE_PAGE_SIZE_MAX, ...page }, { signal }),
  );
}

/** POST /usage/series: envelopes sent and API credits per bucket of [from, to). */
export function usageSeriesQueryOptions(
  api: WebApi,
  bucket: UsageBucket,
  from: string,
  to: string,
) {
  return queryOptions({
    queryKey: usageKeys.series(bucket, from, to),
    queryFn: ({ signal }) => api.usage.series({ bucket, from, to }, { signal }),
    select: (data) => data.points,
  });
}

export function useUsageLog(filter: UsageFilter, enabled: boolean) {
  return useInfiniteQuery({ ...usageLogQueryOptions(useApi(), filter), enabled });
}

export function useUsageSeries(bucket: UsageBucket, from: string, to: string) {
  return useQuery(usageSeriesQueryOptions(useApi(), bucket, from, to));
}
