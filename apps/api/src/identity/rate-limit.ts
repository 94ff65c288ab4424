import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";

export interface RateLimit {
  /** Most hits allowed in one window. */
  limit: number;
  windowMs: number;
}

/** Login codes asked for one email: 5 per 15 minutes. */
export const LOGIN_CODES_PER_EMAIL: RateLimit = { limit: 5, windowMs: 15 * 60_000 };
/** Login codes asked from one IP address: 20 per 15 minutes. */
export const LOGIN_CODES_PER_IP: RateLimit = { limit: 20, windowMs: 15 * 60_000 };

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
  const windowStart = Math.floor(at / rule.windowMs) * rule.windowMs;
  const windowEnd = windowStart + rule.windowMs;
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
  if (row.count > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowEnd - at) / 1000));
    throw new AppError("RATE_LIMITED", {
      message: "Too many verification codes were asked for. Wait a little before asking again.",
      suggestion: `Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
      headers: { "Retry-After": String(retryAfter) },
    });
  }
}

/** Removes the counters of windows that ended. */
export async function sweepRateLimits(db: Kysely<Database>, at: number): Promise<void> {
  await db.deleteFrom("rateLimitCounter").where("expiresAt", "<", new Date(at)).execute();
}
