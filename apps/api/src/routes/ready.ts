import type { ReadyResponse } from "@paraphe/api-sdk/contract";
import type { AppDeps } from "../deps";
import type { AppRouter } from "../http/context";
import { describeDbError, pingDatabase } from "../db/open-database";
import { AppError } from "../errors/app-error";

/** A key no file is stored under: asking whether it exists proves the file store answers. */
const PROBE_KEY = "readiness/probe";
/** How long the file store has to answer (an S3 server that hangs must not hang the probe). */
const FILE_STORE_TIMEOUT_MS = 3000;

/** Whether the file store answers within {@link FILE_STORE_TIMEOUT_MS}; throws why not. */
async function probeFileStore(deps: AppDeps): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${String(FILE_STORE_TIMEOUT_MS)} ms`)),
      FILE_STORE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([deps.blobStore.exists(PROBE_KEY), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /ready`, for a load balancer: 200 when the database and the file store answer and the job
 * worker runs; otherwise 503 in the error shape, naming each part that is not ready (and the log
 * says why, without the database's SQL). `/health` stays the liveness answer.
 */
export function registerReady(app: AppRouter, deps: AppDeps): void {
  app.get("/ready", async (c) => {
    c.header("Cache-Control", "no-store");
    const logger = c.get("logger");
    const notReady: string[] = [];
    if (!deps.isReady()) notReady.push("the database is not migrated yet");
    else {
      try {
        await pingDatabase(deps);
      } catch (error) {
        logger.warn({ err: describeDbError(error) }, "readiness: database unreachable");
        notReady.push("the database is unreachable");
      }
    }
    try {
      await probeFileStore(deps);
    } catch (error) {
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        "readiness: file store unreachable",
      );
      notReady.push("the file store is unreachable");
    }
    if (!deps.jobsRunning()) notReady.push("the job worker is not running");
    if (notReady.length > 0) {
      throw new AppError("SERVICE_UNAVAILABLE", {
        message: `Not ready: ${notReady.join("; ")}.`,
      });
    }
    return c.json({
      status: "ready",
      checks: { database: "ok", fileStore: "ok", jobs: "ok" },
    } satisfies ReadyResponse);
  });
}
