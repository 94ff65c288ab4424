import {
  errorCatalogue,
  fieldErrorsFromZod,
  type ErrorCode,
  type FieldError,
} from "@paraphe/api-sdk/contract";
import type { z } from "zod";

export interface AppErrorOptions {
  /** English message, suitable to show; the catalogue's default for the code when omitted. */
  message?: string;
  /** English suggestion; the catalogue's default for the code when omitted. */
  suggestion?: string;
  /** Field problems (VALIDATION_ERROR). */
  fields?: FieldError[];
  /**
   * What a CONFLICT conflicts with, as a stable word the apps translate (`not_invited_yet`): sent
   * as the detail `{ path: "conflict", code: "conflict", message: reason }`.
   */
  reason?: string;
  /** Extra headers of the answer (`Allow` for METHOD_NOT_ALLOWED, `Retry-After`, ...). */
  headers?: Record<string, string>;
  /** The underlying error, for the log only: never sent to the client. */
  cause?: unknown;
}

/**
 * The api's one error type. Its code decides the HTTP status (see `errorCatalogue` in the api-sdk
 * contract); the error handler turns it into the spec's error shape. Throw it from anywhere a
 * request is handled.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly suggestion: string;
  readonly fields: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const definition = errorCatalogue[code];
    super(
      options.message ?? definition.message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = "AppError";
    this.code = code;
    this.suggestion = options.suggestion ?? definition.suggestion;
    this.fields =
      options.reason === undefined
        ? options.fields
        : [
            ...(options.fields ?? []),
            { path: "conflict", code: "conflict", message: options.reason },
          ];
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return errorCatalogue[this.code].status;
  }

  /** A VALIDATION_ERROR listing each zod issue as a field problem. */
  static fromZodError(error: z.ZodError, message = "Some fields are not valid."): AppError {
    return new AppError("VALIDATION_ERROR", { message, fields: fieldErrorsFromZod(error) });
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
