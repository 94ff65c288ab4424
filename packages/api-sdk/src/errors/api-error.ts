import type { TunnelErrorCode } from "@paraphe/tunnel-client";
import { ErrorCode } from "../contract/error-codes";
import type { FieldError } from "../contract/errors";

export interface ApiErrorInit {
  /** The HTTP status (500 for a network failure). */
  readonly statusCode: number;
  readonly code: ErrorCode;
  /** English text for logs and a last-resort display: show the translation of `code` instead. */
  readonly message: string;
  readonly suggestion?: string;
  readonly documentationUrl?: string;
  readonly requestId?: string;
  /** The api path that answered. */
  readonly path?: string;
  /** When the api answered (ISO 8601). */
  readonly timestamp?: string;
  /** The field problems of a VALIDATION_ERROR (`error.fields` of the answer). */
  readonly details?: readonly FieldError[];
  /** True when the call got no answer at all (a network failure), not an error the server sent. */
  readonly unanswered?: boolean;
  readonly cause?: unknown;
}

/**
 * An error of an api call, in the spec's error model (§8): the api's structured error, a
 * GENERIC_ERROR for a non-OK answer without one, or INTERNAL_SERVER_ERROR (500) for a network
 * failure.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly suggestion: string | undefined;
  readonly documentationUrl: string | undefined;
  readonly requestId: string | undefined;
  readonly path: string | undefined;
  readonly timestamp: string | undefined;
  readonly details: readonly FieldError[] | undefined;
  /**
   * True for a call that got no answer (a network failure, spec §8: INTERNAL_SERVER_ERROR 500 too):
   * what tells "the server could not be reached" from a server that answered with an error.
   */
  readonly unanswered: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.suggestion = init.suggestion;
    this.documentationUrl = init.documentationUrl;
    this.requestId = init.requestId;
    this.path = init.path;
    this.timestamp = init.timestamp;
    this.details = init.details;
    this.unanswered = init.unanswered ?? false;
  }
}

interface CodedError {
  readonly code: string;
  readonly statusCode: number;
}

/**
 * True for an `ApiError`, also one from another copy of this package (an app may bundle two):
 * an Error named "ApiError" with a string `code` and a numeric `statusCode`.
 */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  if (!(error instanceof Error) || error.name !== "ApiError") return false;
  const candidate = error as Partial<CodedError>;
  return typeof candidate.code === "string" && typeof candidate.statusCode === "number";
}

/** HTTP 401 AUTHENTICATION_ERROR: the app removes the stored user and goes to /login (spec §8). */
export function isAuthenticationError(error: unknown): boolean {
  return (
    isApiError(error) && error.statusCode === 401 && error.code === ErrorCode.AUTHENTICATION_ERROR
  );
}

/** TUNNEL_ERROR with 401: the server dropped the tunnel session (spec §8). */
export function isTunnelSessionLost(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 401 && error.code === ErrorCode.TUNNEL_ERROR;
}

/**
 * The client tunnel failures after which spec §7 runs a reset routine and retries the call. They
 * are `TunnelError` codes of `@paraphe/tunnel-client`, and the spec names them as error messages.
 */
export const RETRYABLE_TUNNEL_MESSAGES = [
  "EMPTY_REQUEST_BODY",
  "EMPTY_ENCRYPTED_MESSAGE",
  "EMPTY_DECRYPTED_MESSAGE",
  "EMPTY_RESPONSE_DATA",
] as const satisfies readonly TunnelErrorCode[];

export type RetryableTunnelMessage = (typeof RETRYABLE_TUNNEL_MESSAGES)[number];

function isRetryableName(value: unknown): value is RetryableTunnelMessage {
  return (RETRYABLE_TUNNEL_MESSAGES as readonly unknown[]).includes(value);
}

/**
 * True for an error whose `code` (a `TunnelError` of the tunnel client) or whose message is one of
 * `RETRYABLE_TUNNEL_MESSAGES`.
 */
export function isRetryableTunnelMessage(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return isRetryableName(code) || isRetryableName(message);
}
