import type { HealthResponse } from "@paraphe/api-sdk/contract";
import type { AppDeps } from "../deps";
import type { AppRouter } from "../http/context";
import { describeDbError, pingDatabase } from "../db/open-database";
import { AppError } from "../errors/app-error";

/** `GET /health`: 200 `{"status":"ok"}` once the database is migrated and answers; 503 otherwise. */
export function registerHealth(app: AppRouter, deps: AppDeps): void {
  app.get("/health", async (c) => {
    if (!deps.isReady()) {
      throw new AppError("SERVICE_UNAVAILABLE", {
        message: "The api is starting: the database is not migrated yet.",
      });
    }
    try {
      await pingDatabase(deps);
    } catch (error) {
      c.get("logger").warn({ err: describeDbError(error) }, "health check: database unreachable");
      throw new AppError("SERVICE_UNAVAILABLE", { message: "The database is unreachable." });
    }
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" } satisfies HealthResponse);
  });
}
