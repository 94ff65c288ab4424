import { genericError } from "../contract/error-catalogue";
import { ErrorCode } from "../contract/error-codes";
import { errorResponseSchema } from "../contract/errors";
import { ApiError } from "./api-error";

// Reading an error answer needs its schema (zod): apart from `api-error.ts`, so that a client that
// only tells errors apart (`isApiError`) does not bring zod and the contract's schemas with it.

/** What the caller knows of a response beyond its body (used when the body has no error shape). */
export interface ResponseContext {
  /** The `X-Request-Id` answered by the api. */
  readonly requestId?: string;
  /** The api path that was called. */
  readonly path?: string;
}

/**
 * The error of a non-OK answer (spec §8): the api's structured error when the body has the
 * spec's shape (`errorResponseSchema`), otherwise GENERIC_ERROR "An error occurred." with the
 * answer's status. `statusCode` is always the HTTP status that travelled.
 *
 * Throws a RangeError for a 2xx status: a successful answer is not an error.
 */
export function toApiError(status: number, body: unknown, context: ResponseContext = {}): ApiError {
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw new RangeError(`${status} is not an HTTP status`);
  }
  if (status >= 200 && status < 300) {
    throw new RangeError(`HTTP ${status} is a successful answer, not an error`);
  }
  const parsed = errorResponseSchema.safeParse(body);
  if (parsed.success) {
    const { error, requestId, timestamp, path } = parsed.data;
    return new ApiError({
      statusCode: status,
      code: error.code,
      message: error.message,
      suggestion: error.suggestion,
      documentationUrl: error.documentationUrl,
      requestId,
      path,
      timestamp,
      details: error.fields,
    });
  }
  const generic = genericError;
  return new ApiError({
    statusCode: status,
    code: ErrorCode.GENERIC_ERROR,
    message: generic.message,
    suggestion: generic.suggestion,
    requestId: context.requestId,
    path: context.path,
  });
}

/** A response as fetch and the tunnel client give it. */
export interface ErrorResponseLike {
  readonly status: number;
  readonly headers?: { get(name: string): string | null };
  text(): Promise<string>;
}

/**
 * Reads a non-OK response into an `ApiError` (see `toApiError`): a body that cannot be read or
 * is not JSON gives GENERIC_ERROR.
 */
export async function readApiError(response: ErrorResponseLike, path?: string): Promise<ApiError> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text === "" ? undefined : (JSON.parse(text) as unknown);
  } catch {
    body = undefined;
  }
  const requestId = response.headers?.get("X-Request-Id") ?? undefined;
  return toApiError(response.status, body, { requestId, path });
}
