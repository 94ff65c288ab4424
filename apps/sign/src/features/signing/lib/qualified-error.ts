import { asApiError } from "./access-error";

/** What the signing page says when a qualified signature did not go through. */
export type QualifiedErrorKey =
  | "qualified.errors.pin"
  | "qualified.errors.locked"
  | "qualified.errors.expired"
  | "qualified.errors.unusable"
  | "qualified.errors.denied"
  | "qualified.errors.unavailable"
  | "qualified.errors.tooMany"
  | "qualified.errors.failed";

/**
 * The message of a refusal of the qualified provider, as the api words it: a wrong PIN
 * (`qes_pin_invalid`), a locked credential (`qes_credential_locked`), an expired or spent
 * authorization (`qes_authorization_expired`: sign in again), a credential that cannot sign
 * (`qes_credential_unusable`), no provider (`qes_unavailable`), too many sign-ins started
 * (RATE_LIMITED); null for an error that is not the
 * provider's (the page's usual handling then).
 */
export function qualifiedErrorKey(error: unknown): QualifiedErrorKey | null {
  const words = (asApiError(error)?.details ?? []).map((detail) => detail.message);
  if (words.includes("qes_pin_invalid")) return "qualified.errors.pin";
  if (words.includes("qes_credential_locked")) return "qualified.errors.locked";
  if (words.includes("qes_authorization_expired")) return "qualified.errors.expired";
  if (words.includes("qes_credential_unusable")) return "qualified.errors.unusable";
  if (words.includes("qes_unavailable") || words.includes("not_qualified"))
    return "qualified.errors.unavailable";
  if (asApiError(error)?.code === "RATE_LIMITED") return "qualified.errors.tooMany";
  if (asApiError(error)?.code === "SERVICE_UNAVAILABLE") return "qualified.errors.failed";
  return null;
}

/** Whether the signer must sign in at the provider again after this error. */
export function needsNewAuthorization(key: QualifiedErrorKey | null): boolean {
  return key === "qualified.errors.expired";
}
