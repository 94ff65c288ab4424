import { ErrorCode, isApiError } from "@paraphe/api-sdk";

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
