import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";
import type { AppEnv } from "./context";

/**
 * Gives each request a child logger carrying its request id, and writes one access line per
 * request: method, path (never the query string), status, duration and, for errors, the error code.
 * Bodies and headers are never logged. Must run after the request-id middleware.
 */
export function accessLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestLogger = logger.child({ requestId: c.get("requestId") });
    c.set("logger", requestLogger);
    await next();
    requestLogger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(c.get("errorCode") === undefined ? {} : { code: c.get("errorCode") }),
        // A sealed call's span starts inside the tunnel: its trace id is named here.
        ...(c.get("telemetry")?.traceId === undefined
          ? {}
          : { traceId: c.get("telemetry")?.traceId }),
      },
      "request",
    );
  };
}
