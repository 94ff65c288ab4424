import { z } from "zod";

/**
 * Usage (spec §2 `/settings/usage`, §3 Usage log, §9; issue 15): the team's usage log (date and
 * time, event type, details, user), newest first by pages; the envelopes sent and API credits
 * consumed per day, week or month (UTC, weeks start on Monday); and the log of a range for export.
 * Every member whose role reads the Team reads their own team's usage; nobody reads another team's.
 */

const uuid = z.uuid();
const isoDate = z.iso.datetime();

/**
 * What writes a usage event: a send, an API-key call, a seat, a plan change, a deletion by the
 * team's retention policy.
 */
export const USAGE_EVENT_TYPES = [
  "envelope_sent",
  "api_credit",
  "seat_added",
  "plan_changed",
  "retention_deleted",
] as const;
export type UsageEventType = (typeof USAGE_EVENT_TYPES)[number];

/** Largest page of `/usage/list`. */
export const USAGE_PAGE_SIZE_MAX = 100;
/** Longest cursor `/usage/list` accepts (its own cursors are about 80 characters). */
export const USAGE_CURSOR_MAX_LENGTH = 200;
/** Most events `/usage/export` answers; `truncated` tells that the range held more. */
export const USAGE_EXPORT_MAX_ROWS = 10_000;

export const USAGE_BUCKETS = ["day", "week", "month"] as const;
export type UsageBucket = (typeof USAGE_BUCKETS)[number];
/** Most buckets one `/usage/series` answer holds: a year by day, two years by week, three by month. */
export const USAGE_SERIES_MAX_BUCKETS: Readonly<Record<UsageBucket, number>> = {
  day: 366,
  week: 104,
  month: 36,
};

const DAY_MS = 86_400_000;

/** The start (UTC) of the bucket holding `at`: midnight, Monday midnight or the 1st at midnight. */
export function usageBucketStart(bucket: UsageBucket, at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (bucket === "day") return new Date(day);
  if (bucket === "week") return new Date(day - ((at.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The start of the bucket after the one starting at `start`. */
export function nextUsageBucket(bucket: UsageBucket, start: Date): Date {
  if (bucket === "day") return new Date(start.getTime() + DAY_MS);
  if (bucket === "week") return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/**
 * The starts of the buckets that meet [from, to), in order; at most `limit` + 1 of them are
 * computed, so that an over-long range is found without walking it.
 */
export function usageBucketStarts(
  bucket: UsageBucket,
  from: Date,
  to: Date,
  limit = USAGE_SERIES_MAX_BUCKETS[bucket],
): Date[] {
  const starts: Date[] = [];
  for (
    let start = usageBucketStart(bucket, from);
    start < to && starts.length <= limit;
    start = nextUsageBucket(bucket, start)
  ) {
    starts.push(start);
  }
  return starts;
}

const RANGE_ORDER = "The end of the range must come after its start.";

/** A range [from, to): `from` before `to` when both are given. */
function checkRange(
  value: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.from === undefined || value.to === undefined) return;
  if (new Date(value.from).getTime() >= new Date(value.to).getTime()) {
    ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_ORDER });
  }
}

const typesFilter = z.array(z.enum(USAGE_EVENT_TYPES)).min(1).max(USAGE_EVENT_TYPES.length);

/** Which events: some types only (all when left out), from (included) and to (excluded). */
const filterShape = {
  types: typesFilter.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
};

export const usageEventSchema = z.object({
  id: uuid,
  at: isoDate,
  type: z.enum(USAGE_EVENT_TYPES),
  /** What the event is about: `envelopeId` (sent), `apiKeyId` and `path` (API credit), `plan`... */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** Who caused it; null for the operator, a payment provider or a removed user. */
  user: z.object({ id: uuid, name: z.string(), email: z.string() }).nullable(),
});
export type UsageEvent = z.infer<typeof usageEventSchema>;

// POST /usage/list: the team's usage log, newest first, by pages (keyset cursor).
export const listUsageRequestSchema = z
  .object({
    ...filterShape,
    /** The `nextCursor` of the previous page; left out for the first. */
    cursor: z.string().min(1).max(USAGE_CURSOR_MAX_LENGTH).optional(),
    limit: z.number().int().min(1).max(USAGE_PAGE_SIZE_MAX).default(25),
  })
  .superRefine(checkRange);
export type ListUsageRequest = z.input<typeof listUsageRequestSchema>;
export const listUsageResponseSchema = z.object({
  events: z.array(usageEventSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ListUsageResponse = z.infer<typeof listUsageResponseSchema>;

// POST /usage/series: envelopes sent and API credits consumed per bucket of [from, to).
export const usageSeriesRequestSchema = z
  .object({ bucket: z.enum(USAGE_BUCKETS), from: isoDate, to: isoDate })
  .superRefine((value, ctx) => {
    const from = new Date(value.from);
    const to = new Date(value.to);
    if (from.getTime() >= to.getTime()) {
      ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_ORDER });
      return;
    }
    const max = USAGE_SERIES_MAX_BUCKETS[value.bucket];
    if (usageBucketStarts(value.bucket, from, to, max).length > max) {
      ctx.addIssue({
        code: "custom",
        path: ["from"],
        message: `The range holds more than ${String(max)} ${value.bucket}s: choose a shorter range or a longer bucket.`,
      });
    }
  });
export type UsageSeriesRequest = z.input<typeof usageSeriesRequestSchema>;
export const usageSeriesPointSchema = z.object({
  /** The bucket's start, ISO 8601 in UTC. */
  start: isoDate,
  envelopesSent: z.number().int().min(0),
  apiCredits: z.number().int().min(0),
});
export type UsageSeriesPoint = z.infer<typeof usageSeriesPointSchema>;
export const usageSeriesResponseSchema = z.object({
  bucket: z.enum(USAGE_BUCKETS),
  /** Every bucket of the range in order, those without events at 0. */
  points: z.array(usageSeriesPointSchema),
});
export type UsageSeriesResponse = z.infer<typeof usageSeriesResponseSchema>;

// POST /usage/export: the log of a range, newest first, at most USAGE_EXPORT_MAX_ROWS events.
export const exportUsageRequestSchema = z.object(filterShape).superRefine(checkRange);
export type ExportUsageRequest = z.input<typeof exportUsageRequestSchema>;
export const exportUsageResponseSchema = z.object({
  events: z.array(usageEventSchema),
  /** True when the range held more events than the export answers (the newest are given). */
  truncated: z.boolean(),
});
export type ExportUsageResponse = z.infer<typeof exportUsageResponseSchema>;
