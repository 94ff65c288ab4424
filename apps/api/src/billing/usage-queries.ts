import {
  USAGE_EXPORT_MAX_ROWS,
  usageBucketStarts,
  type ExportUsageResponse,
  type exportUsageRequestSchema,
  type ListUsageResponse,
  type listUsageRequestSchema,
  type UsageEvent,
  type UsageSeriesResponse,
  type usageSeriesRequestSchema,
} from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/database";
import { displayName, type Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import type { BillingDeps } from "./billing-deps";
import { requireTeamReader } from "./subscription-queries";

type ListInput = z.infer<typeof listUsageRequestSchema>;
type SeriesInput = z.infer<typeof usageSeriesRequestSchema>;
type ExportInput = z.infer<typeof exportUsageRequestSchema>;
type Filter = Pick<ListInput, "types" | "from" | "to">;

/** A page's position: the time and id of its last event. */
interface Cursor {
  at: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`, "utf8").toString("base64url");
}

function decodeCursor(text: string): Cursor {
  const [at, id] = Buffer.from(text, "base64url").toString("utf8").split("|");
  const date = new Date(at ?? "");
  if (id === undefined || !UUID.test(id) || Number.isNaN(date.getTime())) {
    throw new AppError("VALIDATION_ERROR", {
      message: "The cursor is not valid.",
      suggestion: "Start again from the first page.",
      fields: [{ path: "cursor", code: "custom", message: "invalid" }],
    });
  }
  return { at: date, id };
}

/** The team's events that pass `filter`, newest first, with their user (the index's order). */
function filteredEvents(db: Kysely<Database>, teamId: string, filter: Filter) {
  return db
    .selectFrom("usageEvent")
    .leftJoin("appUser", "appUser.id", "usageEvent.userId")
    .select([
      "usageEvent.id",
      "usageEvent.at",
      "usageEvent.type",
      "usageEvent.details",
      "usageEvent.userId",
      "appUser.email",
      "appUser.firstname",
      "appUser.lastname",
    ])
    .where("usageEvent.teamId", "=", teamId)
    .$if(filter.types !== undefined, (qb) => qb.where("usageEvent.type", "in", filter.types ?? []))
    .$if(filter.from !== undefined, (qb) =>
      qb.where("usageEvent.at", ">=", new Date(filter.from ?? 0)),
    )
    .$if(filter.to !== undefined, (qb) => qb.where("usageEvent.at", "<", new Date(filter.to ?? 0)))
    .orderBy("usageEvent.at", "desc")
    .orderBy("usageEvent.id", "desc");
}

type EventRow = Awaited<ReturnType<ReturnType<typeof filteredEvents>["execute"]>>[number];

/** Details keep their scalar values (the writer only stores scalars; anything else is dropped). */
function detailsView(details: Record<string, unknown>): UsageEvent["details"] {
  const view: UsageEvent["details"] = {};
  for (const [key, value] of Object.entries(details)) {
    if (
      value === null ||
      typeof value === "string" ||
      typeof value === "number" ||
      typeof value === "boolean"
    ) {
      view[key] = value;
    }
  }
  return view;
}

function eventView(row: EventRow): UsageEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    type: row.type,
    details: detailsView(row.details),
    user:
      row.userId !== null && row.email !== null
        ? {
            id: row.userId,
            name: displayName({
              firstname: row.firstname,
              lastname: row.lastname,
              email: row.email,
            }),
            email: row.email,
          }
        : null,
  };
}

/**
 * `/usage/list`: the caller's team's usage log, newest first, `limit` per page, optionally of some
 * types and within [from, to); `nextCursor` continues after the last event (keyset: time, then id).
 */
export async function listUsage(
  deps: BillingDeps,
  member: Member,
  input: ListInput,
): Promise<ListUsageResponse> {
  requireTeamReader(member);
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
  const rows = await filteredEvents(deps.db, member.teamId, input)
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("usageEvent.at", "<", after?.at ?? new Date(0)),
          eb.and([
            eb("usageEvent.at", "=", after?.at ?? new Date(0)),
            eb("usageEvent.id", "<", after?.id ?? ""),
          ]),
        ]),
      ),
    )
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    events: page.map(eventView),
    nextCursor:
      rows.length > input.limit && last !== undefined
        ? encodeCursor({ at: last.at, id: last.id })
        : null,
  };
}

/**
 * `/usage/series`: envelopes sent and API credits consumed by the caller's team per bucket (UTC
 * day, week from Monday, or month) over [from, to); every bucket meeting the range is answered,
 * those without events at 0. The contract bounds the number of buckets.
 */
export async function usageSeries(
  deps: BillingDeps,
  member: Member,
  input: SeriesInput,
): Promise<UsageSeriesResponse> {
  requireTeamReader(member);
  const from = new Date(input.from);
  const to = new Date(input.to);
  const bucketStart = sql<Date>`date_trunc(${sql.lit(input.bucket)}, ${sql.ref("at")}, 'UTC')`;
  const rows = await deps.db
    .selectFrom("usageEvent")
    .select([
      bucketStart.as("start"),
      sql<string>`count(*) FILTER (WHERE type = 'envelope_sent')`.as("envelopesSent"),
      sql<string>`count(*) FILTER (WHERE type = 'api_credit')`.as("apiCredits"),
    ])
    .where("teamId", "=", member.teamId)
    .where("type", "in", ["envelope_sent", "api_credit"])
    .where("at", ">=", from)
    .where("at", "<", to)
    .groupBy(bucketStart)
    .execute();
  const counts = new Map(
    rows.map((row) => [
      new Date(row.start).getTime(),
      { envelopesSent: Number(row.envelopesSent), apiCredits: Number(row.apiCredits) },
    ]),
  );
  return {
    bucket: input.bucket,
    points: usageBucketStarts(input.bucket, from, to).map((start) => ({
      start: start.toISOString(),
      ...(counts.get(start.getTime()) ?? { envelopesSent: 0, apiCredits: 0 }),
    })),
  };
}

/**
 * `/usage/export`: the caller's team's usage log for a range (and types), newest first, at most
 * USAGE_EXPORT_MAX_ROWS events; `truncated` says the range held more (the newest are given). The
 * page writes them as CSV or JSON with the DataTable's writer (formula cells neutralised).
 */
export async function exportUsage(
  deps: BillingDeps,
  member: Member,
  input: ExportInput,
): Promise<ExportUsageResponse> {
  requireTeamReader(member);
  const rows = await filteredEvents(deps.db, member.teamId, input)
    .limit(USAGE_EXPORT_MAX_ROWS + 1)
    .execute();
  return {
    events: rows.slice(0, USAGE_EXPORT_MAX_ROWS).map(eventView),
    truncated: rows.length > USAGE_EXPORT_MAX_ROWS,
  };
}
