import { isApiError } from "@paraphe/api-sdk";

export type PasskeyErrorKey =
  | "errors:passkey.cancelled"
  | "errors:passkey.unsupported"
  | "errors:passkey.failed"
  | "errors:codes.RATE_LIMITED";

/** The translation of a failed passkey ceremony or call (cancelled, not supported, refused). */
export function passkeyErrorKey(error: unknown): PasskeyErrorKey {
  const name = error instanceof Error ? error.name : "";
  const code = (error as { code?: unknown } | null)?.code;
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED")
    return "errors:passkey.cancelled";
  if (name === "NotSupportedError") return "errors:passkey.unsupported";
  if (isApiError(error) && error.code === "RATE_LIMITED") return "errors:codes.RATE_LIMITED";
  return "errors:passkey.failed";
}
