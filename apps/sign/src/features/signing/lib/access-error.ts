import { ErrorCode, isApiError } from "@paraphe/api-sdk";

/**
 * The message of a refused signature: a picture too large (pixels or bytes), a value too long, or
 * the generic "try again".
 */
export function signingErrorKey(
  error: unknown,
): "errors.imageTooLarge" | "errors.valueTooLong" | "errors.signing" {
  const words = isApiError(error) ? (error.details ?? []).map((detail) => detail.message) : [];
  if (words.includes("image_too_large") || words.includes("too_large")) {
    return "errors.imageTooLarge";
  }
  if (words.includes("too_long")) return "errors.valueTooLong";
  return "errors.signing";
}

/** The three signing-page errors of spec §8. */
export type AccessErrorKind = "notFound" | "invalidLink" | "generic";

/**
 * NOT_FOUND: deleted document or wrong link; ACCESS_LINK_INVALID: invalid or expired link; anything
 * else (network, tunnel, server): a generic "retry later".
 */
export function accessErrorKind(error: unknown): AccessErrorKind {
  if (isApiError(error)) {
    if (error.code === ErrorCode.NOT_FOUND) return "notFound";
    if (error.code === ErrorCode.ACCESS_LINK_INVALID) return "invalidLink";
  }
  return "generic";
}
