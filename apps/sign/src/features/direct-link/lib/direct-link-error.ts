import type { ApiError } from "@paraphe/api-sdk";

/** The api's error in a refusal (an Error named "ApiError" with a code), or null. */
function apiErrorOf(error: unknown): Pick<ApiError, "code" | "details"> | null {
  if (!(error instanceof Error) || error.name !== "ApiError") return null;
  const candidate = error as Partial<ApiError>;
  return typeof candidate.code === "string"
    ? { code: candidate.code, details: candidate.details }
    : null;
}

/** What the direct link's page says when a call is refused. */
export type DirectLinkErrorKey =
  | "directLink.errors.off"
  | "directLink.errors.usedUp"
  | "directLink.errors.tooMany"
  | "directLink.errors.planLimit"
  | "directLink.errors.failed"
  | "verification.incorrect"
  | "verification.expired"
  | "verification.attempts";

/**
 * The message of a refusal: a link turned off or replaced (ACCESS_LINK_INVALID), used up
 * (`direct_link_used_up`), too many tries (RATE_LIMITED), the team's signature limit, a wrong,
 * expired or dead code; anything else "try again".
 */
export function directLinkErrorKey(error: unknown): DirectLinkErrorKey {
  const apiError = apiErrorOf(error);
  if (apiError === null) return "directLink.errors.failed";
  const words = (apiError.details ?? []).map((detail) => detail.message);
  if (apiError.code === "ACCESS_LINK_INVALID" || words.includes("direct_link_off")) {
    return "directLink.errors.off";
  }
  if (words.includes("direct_link_used_up")) return "directLink.errors.usedUp";
  if (apiError.code === "RATE_LIMITED") return "directLink.errors.tooMany";
  if (apiError.code === "SIGNATURE_LIMIT_REACHED" || apiError.code === "SUBSCRIPTION_INACTIVE") {
    return "directLink.errors.planLimit";
  }
  if (words.includes("code_incorrect")) return "verification.incorrect";
  if (words.includes("code_expired")) return "verification.expired";
  if (words.includes("code_attempts_exceeded")) return "verification.attempts";
  return "directLink.errors.failed";
}
