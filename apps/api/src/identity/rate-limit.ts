import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";

export interface RateLimit {
  /** Most hits allowed in one window. */
  limit: number;
  windowMs: number;
  /** The English message of the refusal (the apps show their own words for RATE_LIMITED). */
  message: string;
}

/** A limit of `limit` hits per window of `minutes`, refused with `message`. */
export function rateLimit(limit: number, minutes: number, message: string): RateLimit {
  return { limit, windowMs: minutes * 60_000, message };
}

const CODES_ASKED =
  "Too many verification codes were asked for. Wait a little before asking again.";
const CODES_TRIED = "Too many verification codes were tried. Wait a little before trying again.";

/** Login codes asked for one email from one network (IPv4 address, IPv6 /64): 5 per 15 minutes. */
export const LOGIN_CODES_PER_ADDRESS_AND_EMAIL = rateLimit(5, 15, CODES_ASKED);
/** Login codes asked from one network, whatever the emails: 20 per 15 minutes (LOGIN_CODES_PER_ADDRESS). */
export const LOGIN_CODES_PER_IP = rateLimit(20, 15, CODES_ASKED);
/** Login codes tried from one network, whatever the emails: 30 per 15 minutes (LOGIN_CODE_CHECKS_PER_ADDRESS). */
export const LOGIN_CODE_CHECKS_PER_IP = rateLimit(30, 15, CODES_TRIED);
/**
 * Wrong codes tried for one email from networks that hold no live code of that email (an IPv4
 * address or an IPv6 /64 that did not ask for one): 20 per 15 minutes. Past it, a code of the email
 * can only be used from the network that asked for it, so that someone guessing elsewhere never
 * locks its owner out.
 */
export const LOGIN_CODE_FAILURES_PER_EMAIL = rateLimit(
  20,
  15,
  "Too many wrong codes were tried for this email address from other networks. Ask for a new code from this device: it will work here.",
);
/**
 * Wrong codes tried from one network (an IPv4 address or an IPv6 /64), whatever the emails: 10 per
 * 15 minutes; someone trying codes for many emails from a few networks is stopped after ten.
 */
export const LOGIN_CODE_FAILURES_PER_ADDRESS = rateLimit(10, 15, CODES_TRIED);

/**
 * Counts one hit of `bucket` in its current fixed window, in the database (api replicas share the
 * counters; the upsert is atomic) and refuses with 429 RATE_LIMITED and `Retry-After` past the limit.
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  bucket: string,
  rule: RateLimit,
  at: number,
): Promise<void> {
  const refusal = await countRateLimitHit(db, bucket, rule, at);
  if (refusal !== undefined) throw rateLimitedError(rule, refusal.retryAfterSeconds);
}

/**
 * Whether `bucket` has already reached its limit in the current window, without counting a hit
 * (for limits that count failures, counted once known): how long to wait, or undefined.
 */
export async function rateLimitReached(
  db: Kysely<Database>,
  bucket: string,
  rule: Pick<RateLimit, "limit" | "windowMs">,
  at: number,
): Promise<{ retryAfterSeconds: number } | undefined> {
  const { windowStart, windowEnd } = windowAt(rule, at);
  const row = await db
    .selectFrom("rateLimitCounter")
    .select("count")
    .where("bucket", "=", bucket)
    .where("windowStart", "=", new Date(windowStart))
    .executeTakeFirst();
  if (row === undefined || row.count < rule.limit) return undefined;
  return { retryAfterSeconds: secondsUntil(windowEnd, at) };
}

/** The fixed window of `rule` that `at` falls in. */
function windowAt(rule: Pick<RateLimit, "windowMs">, at: number) {
  const windowStart = Math.floor(at / rule.windowMs) * rule.windowMs;
  return { windowStart, windowEnd: windowStart + rule.windowMs };
}

/** Whole seconds from `at` to `end`, at least 1 (a `Retry-After`). */
const secondsUntil = (end: number, at: number): number => Math.max(1, Math.ceil((end - at) / 1000));

/** 429 RATE_LIMITED with the rule's message and `Retry-After`. */
export function rateLimitedError(rule: RateLimit, retryAfterSeconds: number): AppError {
  return new AppError("RATE_LIMITED", {
    message: rule.message,
    suggestion: `Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}

/**
 * Counts one hit of `bucket` in its current fixed window; resolves to how long to wait when the
 * hit is past the limit (the hit is counted all the same), undefined otherwise.
 */
export async function countRateLimitHit(
  db: Kysely<Database>,
  bucket: string,
  rule: Pick<RateLimit, "limit" | "windowMs">,
  at: number,
): Promise<{ retryAfterSeconds: number } | undefined> {
  const { windowStart, windowEnd } = windowAt(rule, at);
  const row = await db
    .insertInto("rateLimitCounter")
    .values({
      bucket,
      windowStart: new Date(windowStart),
      count: 1,
      expiresAt: new Date(windowEnd),
    })
    .onConflict((oc) =>
      oc
        .columns(["bucket", "windowStart"])
        .doUpdateSet({ count: sql<number>`rate_limit_counter.count + 1` }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  if (row.count <= rule.limit) return undefined;
  return { retryAfterSeconds: secondsUntil(windowEnd, at) };
}

/** Removes the counters of windows that ended. */
export async function sweepRateLimits(db: Kysely<Database>, at: number): Promise<void> {
  await db.deleteFrom("rateLimitCounter").where("expiresAt", "<", new Date(at)).execute();
}
