import { asApiError } from "./access-error";

/** What the signing page says when a verification code is refused (or cannot be sent). */
export type VerificationErrorKey =
  | "verification.incorrect"
  | "verification.expired"
  | "verification.attempts"
  | "verification.tooMany"
  | "verification.failed"
  | "verification.sms.incorrect"
  | "verification.sms.unavailable";

/**
 * The message of a refused code: the api's words `code_incorrect` (pointing at the latest mail or
 * SMS), `code_expired`, `code_attempts_exceeded`, RATE_LIMITED for too many codes asked,
 * `phone_missing` and `sms_unavailable` for an SMS that cannot go; anything else "try again".
 */
export function verificationErrorKey(
  error: unknown,
  channel: "email" | "sms" = "email",
): VerificationErrorKey {
  const apiError = asApiError(error);
  if (apiError?.code === "RATE_LIMITED") return "verification.tooMany";
  const words = (apiError?.details ?? []).map((detail) => detail.message);
  if (words.includes("phone_missing") || words.includes("sms_unavailable")) {
    return "verification.sms.unavailable";
  }
  if (words.includes("code_incorrect")) {
    return channel === "sms" ? "verification.sms.incorrect" : "verification.incorrect";
  }
  if (words.includes("code_expired")) return "verification.expired";
  if (words.includes("code_attempts_exceeded")) return "verification.attempts";
  return "verification.failed";
}
