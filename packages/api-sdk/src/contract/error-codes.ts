// The error codes, apart from the schemas of the error answer (`errors.ts`) and from their
// catalogue (`error-catalogue.ts`): plain values, so that a client that only tells errors apart
// (`isApiError`, the query client's retry rules) brings neither zod and the schemas nor the
// catalogue's English texts with them.
/**
 * Every error code the Paraphe API answers with, plus the codes clients produce themselves
 * (`GENERIC_ERROR` for a non-OK answer without the error shape). Clients translate these codes;
 * the `message` beside them is English text for logs, scripts and a last-resort display.
 */
export const ErrorCode = {
  VALIDATION_ERROR: "VALIDATION_ERROR",
  AUTHENTICATION_ERROR: "AUTHENTICATION_ERROR",
  TUNNEL_ERROR: "TUNNEL_ERROR",
  FORBIDDEN: "FORBIDDEN",
  ACCESS_LINK_INVALID: "ACCESS_LINK_INVALID",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_ALLOWED",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  RATE_LIMITED: "RATE_LIMITED",
  OIDC_NOT_CONFIGURED: "OIDC_NOT_CONFIGURED",
  OIDC_TOKEN_VERIFICATION_FAILED: "OIDC_TOKEN_VERIFICATION_FAILED",
  OIDC_TOKEN_INVALID_PAYLOAD: "OIDC_TOKEN_INVALID_PAYLOAD",
  OIDC_EMAIL_MISMATCH: "OIDC_EMAIL_MISMATCH",
  OIDC_DISCOVERY_FAILED: "OIDC_DISCOVERY_FAILED",
  GENERIC_ERROR: "GENERIC_ERROR",
  INTERNAL_SERVER_ERROR: "INTERNAL_SERVER_ERROR",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  SERVICE_BUSY: "SERVICE_BUSY",
  SEATS_FULL: "SEATS_FULL",
  INVITATION_INVALID: "INVITATION_INVALID",
  INVITATION_ACCOUNT_REQUIRED: "INVITATION_ACCOUNT_REQUIRED",
  LAST_OWNER: "LAST_OWNER",
  ROLE_READ_ONLY: "ROLE_READ_ONLY",
  ROLE_NAME_TAKEN: "ROLE_NAME_TAKEN",
  ROLE_IN_USE: "ROLE_IN_USE",
  SIGNATURE_LIMIT_REACHED: "SIGNATURE_LIMIT_REACHED",
  API_CREDITS_EXHAUSTED: "API_CREDITS_EXHAUSTED",
  SUBSCRIPTION_INACTIVE: "SUBSCRIPTION_INACTIVE",
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Whether a value is an error code this version knows. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ErrorCode, value);
}
