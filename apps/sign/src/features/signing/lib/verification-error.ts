import { asApiError } from "./access-error";

/** What the signing page says when a verification code is refused (or cannot be sent). */
export type VerificationErrorKey =
  | "verification.incorrect"
  | "verification.expired"
  | "verification.attempts"
  | "verification.tooMany"
  | "verification.failed"
  | "verification.sms.incorrect"
  | "verification.sms.unavailable"
  | "verification.account.required";

/** What the signing page says when signing in with a passkey of the account did not work. */
export type PasskeyErrorKey =
  | VerificationErrorKey
  | "verification.account.passkeyMissing"
  | "verification.account.passkeyUnavailable"
  | "verification.account.passkeyRefused"
  | "verification.account.passkeyCancelled";

function wordsOf(error: unknown): string[] {
  return (asApiError(error)?.details ?? []).map((detail) => detail.message);
}

/**
 * The message of a refused code: the api's words `code_incorrect` (pointing at the latest mail or
 * SMS), `code_expired`, `code_attempts_exceeded`, RATE_LIMITED for too many codes asked,
 * `phone_missing` and `sms_unavailable` for an SMS that cannot go, `account_required` for a signer
 * without the Paraphe account their check needs; anything else "try again".
 */
export function verificationErrorKey(
  error: unknown,
  channel: "email" | "sms" | "account" = "email",
): VerificationErrorKey {
  const apiError = asApiError(error);
  if (apiError?.code === "RATE_LIMITED") return "verification.tooMany";
  const words = wordsOf(error);
  if (words.includes("account_required")) return "verification.account.required";
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

/**
 * The message of a passkey that did not sign the signer in: none usable in their account
 * (`passkey_missing`), none usable on this site (`passkey_unavailable`), the browser's ceremony
 * cancelled or refused (a DOMException), a passkey the api did not accept (AUTHENTICATION_ERROR:
 * another account's, or expired); `account_required` and the rest as for codes.
 */
export function passkeyErrorKey(error: unknown): PasskeyErrorKey {
  if (error instanceof DOMException) return "verification.account.passkeyCancelled";
  const words = wordsOf(error);
  if (words.includes("passkey_missing")) return "verification.account.passkeyMissing";
  if (words.includes("passkey_unavailable")) return "verification.account.passkeyUnavailable";
  if (asApiError(error)?.code === "AUTHENTICATION_ERROR") {
    return "verification.account.passkeyRefused";
  }
  return verificationErrorKey(error, "account");
}
