import {
  type ExportUsageResponse,
  type ListUsageResponse,
  type UsageEvent,
  type UsageSeriesPoint,
} from "@paraphe/api-sdk/contract";
import { ok, type Handlers } from "./server";

export const USAGE_SENT: UsageEvent = {
  id: "0b6f1a2e-5a7c-4b8e-9a51-7f0c2d9e4a11",
  at: "2026-11-20T09:30:00.000Z",
  type: "envelope_sent",
  details: { envelopeId: "5c0e7a42-1111-4b8e-9a51-7f0c2d9e4a22" },
  user: {
    id: "7d2c4b1a-2222-4b8e-9a51-7f0c2d9e4a33",
    name: "Ada Lovelace",
    email: "ada@example.com",
  },
};

export const USAGE_API_CREDIT: UsageEvent = {
  id: "1c7f2b3e-6b8d-4c9f-8b62-8a1d3e0f5b44",
  at: "2026-11-19T14:00:00.000Z",
  type: "api_credit",
  details: { apiKeyId: "key-1", path: '=HYPERLINK("http://x")' },
  user: null,
};

/** Thirty days of points, a few with usage. */
export function usagePoints(withUsage = true): UsageSeriesPoint[] {
  const start = Date.UTC(2026, 9, 28);
  return Array.from({ length: 30 }, (_, index) => ({
    start: new Date(start + index * 86_400_000).toISOString(),
    envelopesSent: withUsage && index % 7 === 0 ? 2 : 0,
    apiCredits: withUsage && index % 5 === 0 ? 10 : 0,
  }));
}

/** POST /usage/list, /usage/series and /usage/export. */
export function createUsageHandlers({
  events = [USAGE_SENT, USAGE_API_CREDIT],
  points = usagePoints(),
  truncated = false,
}: { events?: UsageEvent[]; points?: UsageSeriesPoint[]; truncated?: boolean } = {}): Handlers {
  return {
    "/usage/list": () => ok({ events, nextCursor: null } satisfies ListUsageResponse),
    "/usage/series": (request) =>
      ok({ bucket: (request.body as { bucket: "day" }).bucket, points }),
    "/usage/export": () => ok({ events, truncated } satisfies ExportUsageResponse),
  };
}
