import { asApiError } from "./access-error";

/** What the signing page says when a verification code is refused (or cannot be sent). */
export type VerificationErrorKey =
  | "verification.incorrect"
  | "verification.expired"
  | "verification.attempts"
  | "verification.tooMany"
  | "verification.failed";

/**
 * The message of a refused code: the api's words `code_incorrect`, `code_expired`,
 * `code_attempts_exceeded`, RATE_LIMITED for too many codes asked; anything else "try again".
 */
export function verificationErrorKey(error: unknown): VerificationErrorKey {
  const apiError = asApiError(error);
  if (apiError?.code === "RATE_LIMITED") return "verification.tooMany";
  const words = (apiError?.details ?? []).map((detail) => detail.message);
  if (words.includes("code_incorrect")) return "verification.incorrect";
  if (words.includes("code_expired")) return "verification.expired";
  if (words.includes("code_attempts_exceeded")) return "verification.attempts";
  return "verification.failed";
}
