import { internalServerError } from "../contract/error-catalogue";
import { ErrorCode } from "../contract/error-codes";
import { ApiError } from "./api-error";

// Apart from `ApiError` and its tests (`isApiError`...), which an app's first load may need without
// the catalogue's English texts.

/** A call that got no answer (spec §8): INTERNAL_SERVER_ERROR with status 500. */
export function networkError(cause: unknown): ApiError {
  const definition = internalServerError;
  return new ApiError({
    statusCode: 500,
    code: ErrorCode.INTERNAL_SERVER_ERROR,
    message: definition.message,
    suggestion: definition.suggestion,
    unanswered: true,
    cause,
  });
}
