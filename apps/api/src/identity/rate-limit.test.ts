import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../test/databases";
import { hitRateLimit, sweepRateLimits } from "./rate-limit";

describe.each(testDatabaseKinds)("rate limits on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("allow the limit in a window, then refuse with 429 and Retry-After until the window ends", async () => {
    const db = database.connection.db;
    const rule = { limit: 3, windowMs: 60_000, message: "Too many tries." };
    const start = 1_800_000_000_000; // on a window boundary
    for (let i = 0; i < 3; i++) await hitRateLimit(db, "test:a", rule, start + i * 1000);
    const refused = await hitRateLimit(db, "test:a", rule, start + 15_000).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("RATE_LIMITED");
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).headers["Retry-After"]).toBe("45");
    expect((refused as AppError).message).toBe("Too many tries.");
    // Another bucket is counted apart; the next window starts afresh.
    await hitRateLimit(db, "test:b", rule, start + 15_000);
    await hitRateLimit(db, "test:a", rule, start + 60_000);
  });

  it("sweep the counters of windows that ended", async () => {
    const db = database.connection.db;
    const rule = { limit: 1, windowMs: 1000, message: "Too many tries." };
    await hitRateLimit(db, "test:sweep", rule, 1_000_000);
    await sweepRateLimits(db, 1_000_000 + 5000);
    const left = await db
      .selectFrom("rateLimitCounter")
      .select("bucket")
      .where("bucket", "=", "test:sweep")
      .execute();
    expect(left).toEqual([]);
  });
});
