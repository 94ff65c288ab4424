import { type ApiError, type ErrorCode } from "@paraphe/api-sdk";

// Types only from the api SDK: its error module carries the contract's schemas (zod), which the
// first paint does not need. `isApiError`'s rule for an error from any copy of the SDK: an Error
// named "ApiError" with a string `code` and a numeric `statusCode`.
export function asApiError(error: unknown): Pick<ApiError, "code" | "details"> | null {
  if (!(error instanceof Error) || error.name !== "ApiError") return null;
  const candidate = error as Partial<ApiError>;
  return typeof candidate.code === "string" && typeof candidate.statusCode === "number"
    ? { code: candidate.code, details: candidate.details }
    : null;
}

const NOT_FOUND: ErrorCode = "NOT_FOUND";
const ACCESS_LINK_INVALID: ErrorCode = "ACCESS_LINK_INVALID";
const CONFLICT: ErrorCode = "CONFLICT";

/**
 * The message of a refused signature: a picture too large (pixels or bytes), a value too long, or
 * the generic "try again".
 */
export function signingErrorKey(
  error: unknown,
): "errors.imageTooLarge" | "errors.valueTooLong" | "errors.signing" {
  const words = (asApiError(error)?.details ?? []).map((detail) => detail.message);
  if (words.includes("image_too_large") || words.includes("too_large")) {
    return "errors.imageTooLarge";
  }
  if (words.includes("too_long")) return "errors.valueTooLong";
  return "errors.signing";
}

/**
 * The three signing-page errors of spec §8, and a document whose file the api cannot read now
 * (`unavailable`).
 */
export type AccessErrorKind = "notFound" | "invalidLink" | "delegated" | "unavailable" | "generic";

/**
 * NOT_FOUND: deleted document or wrong link; ACCESS_LINK_INVALID: invalid or expired link (`delegated`
 * when its signer handed their turn to someone else); CONFLICT
 * `document_unavailable`: an original file of the envelope is missing on the server (not a canceled
 * envelope: "not available right now"); anything else (network, tunnel, server): a generic "retry
 * later".
 */
export function accessErrorKind(error: unknown): AccessErrorKind {
  const apiError = asApiError(error);
  const code = apiError?.code;
  if (code === NOT_FOUND) return "notFound";
  if (code === ACCESS_LINK_INVALID) {
    // The signer handed their turn to someone else: this link stopped for that reason.
    return (apiError?.details ?? []).some((detail) => detail.message === "link_delegated")
      ? "delegated"
      : "invalidLink";
  }
  if (
    code === CONFLICT &&
    (apiError?.details ?? []).some(
      (detail) => detail.path === "conflict" && detail.message === "document_unavailable",
    )
  ) {
    return "unavailable";
  }
  return "generic";
}

/**
 * A signature refused because the signer must first pass the check the sender asked for (CONFLICT
 * `verification_required`): the page's state was older than the server's (a check asked for after
 * the page opened, or passed in another tab that expired).
 */
export function verificationRequired(error: unknown): boolean {
  const apiError = asApiError(error);
  return (
    apiError?.code === CONFLICT &&
    (apiError.details ?? []).some(
      (detail) => detail.path === "conflict" && detail.message === "verification_required",
    )
  );
}

/**
 * A page preview the api could not give yet because the document workers are busy (503
 * SERVICE_BUSY) or this link has its share of them (429 RATE_LIMITED): asked again, it comes.
 */
export function previewIsBusy(error: unknown): boolean {
  const code = asApiError(error)?.code;
  return code === "SERVICE_BUSY" || code === "RATE_LIMITED";
}

/** A page the api cannot draw (CONFLICT `preview_failed`): asking again does not help. */
export function previewFailed(error: unknown): boolean {
  return (asApiError(error)?.details ?? []).some((detail) => detail.message === "preview_failed");
}

/** A busy page is asked again up to 8 times, 1 s then doubling up to 8 s apart. */
export const PREVIEW_BUSY_RETRIES = 8;
export function previewRetryDelay(attempt: number): number {
  return Math.min(8_000, 1_000 * 2 ** attempt);
}
