import { HeaderName, type ErrorResponse } from "@paraphe/api-sdk/contract";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isDatabaseUnavailable } from "../db/unavailable";
import { AppError } from "../errors/app-error";
import { BusyError } from "../errors/busy-error";
import type { AppEnv } from "./context";

/** Where the documentation of an error code lives (served by `GET /docs/errors`). */
export function errorDocumentationUrl(publicApiUrl: string, code: string): string {
  return `${publicApiUrl}/docs/errors#${code}`;
}

/** The spec's error shape for an {@link AppError}. */
export function errorBody(
  error: AppError,
  at: { requestId: string; path: string; publicApiUrl: string; now?: Date },
): ErrorResponse {
  return {
    statusCode: error.status,
    error: {
      code: error.code,
      message: error.message,
      suggestion: error.suggestion,
      documentationUrl: errorDocumentationUrl(at.publicApiUrl, error.code),
      ...(error.fields === undefined ? {} : { fields: error.fields }),
    },
    requestId: at.requestId,
    timestamp: (at.now ?? new Date()).toISOString(),
    path: at.path,
  };
}

/** Answers `error` in the spec's error shape, with the request id in the body and the header. */
export function sendError(c: Context<AppEnv>, error: AppError, publicApiUrl: string): Response {
  const requestId = c.get("requestId");
  c.set("errorCode", error.code);
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  c.header(HeaderName.requestId, requestId);
  c.header("Cache-Control", "no-store");
  return c.json(
    errorBody(error, { requestId, path: c.req.path, publicApiUrl }),
    error.status as ContentfulStatusCode,
  );
}

/** How long a client is asked to wait when the database cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const httpExceptionCodes = {
  400: "VALIDATION_ERROR",
  401: "AUTHENTICATION_ERROR",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
} as const;

/**
 * Turns anything thrown while handling a request into an {@link AppError}. Hono's own
 * `HTTPException`s (malformed JSON, body limit, ...) keep their status and message when they are
 * client errors; busy document workers answer 503 SERVICE_BUSY with Retry-After (429 RATE_LIMITED
 * when the caller's account already has its share of the lane); a database that
 * cannot be reached (down, restarting) answers 503 SERVICE_UNAVAILABLE with Retry-After (the pool
 * reconnects by itself once it is back); everything else becomes a generic
 * INTERNAL_SERVER_ERROR whose details stay in the log.
 */
export function toAppError(thrown: unknown): AppError {
  if (thrown instanceof AppError) return thrown;
  if (thrown instanceof BusyError && thrown.busyBecause === "caller_share") {
    return new AppError("RATE_LIMITED", {
      message: "Your earlier uploads are still being processed.",
      suggestion: `Wait until they are done, or try again in ${thrown.retryAfterSeconds} seconds.`,
      headers: { "Retry-After": String(thrown.retryAfterSeconds) },
      cause: thrown,
    });
  }
  if (thrown instanceof BusyError) {
    return new AppError("SERVICE_BUSY", {
      headers: { "Retry-After": String(thrown.retryAfterSeconds) },
      cause: thrown,
    });
  }
  if (isDatabaseUnavailable(thrown)) {
    return new AppError("SERVICE_UNAVAILABLE", {
      message: "The server cannot reach its database at the moment.",
      suggestion: `Try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
      cause: thrown,
    });
  }
  if (thrown instanceof HTTPException) {
    const code = (httpExceptionCodes as Record<number, AppError["code"] | undefined>)[
      thrown.status
    ];
    if (code !== undefined) {
      return new AppError(code, {
        ...(thrown.status < 500 && thrown.message !== "" ? { message: thrown.message } : {}),
        cause: thrown,
      });
    }
  }
  return new AppError("INTERNAL_SERVER_ERROR", { cause: thrown });
}
