import { type UsageBucket, type UsageEventType } from "@paraphe/api-sdk/contract";

/** The log's filters: one type or all, and a range [from, to) as ISO instants. */
export interface UsageFilter {
  type: UsageEventType | null;
  from: string | null;
  to: string | null;
}

/** Query keys of the usage feature: the log (by filter) and the charts' series. */
export const usageKeys = {
  all: ["usage"] as const,
  log: (filter: UsageFilter) => [...usageKeys.all, "log", filter] as const,
  series: (bucket: UsageBucket, from: string, to: string) =>
    [...usageKeys.all, "series", bucket, from, to] as const,
};
