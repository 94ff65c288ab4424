/**
 * Error messages (spec §8). `codes` follows the `error.code` of the API error shape
 * {statusCode, error{code,message,suggestion,documentationUrl}, requestId, timestamp, path}.
 */
export const errors = {
  generic: "An error occurred",
  codes: {
    GENERIC_ERROR: "An error occurred",
    AUTHENTICATION_ERROR: "Your session has expired. Please sign in again.",
    FORBIDDEN: "You do not have permission to do this.",
    NOT_FOUND: "What you are looking for could not be found.",
    VALIDATION_ERROR: "Some of the information sent is not valid. Please check it and try again.",
    CONFLICT: "This change conflicts with the current state. Reload the page and try again.",
    RATE_LIMITED: "Too many attempts. Please wait a moment and try again.",
    INTERNAL_SERVER_ERROR: "The server could not be reached. Check your connection and try again.",
    TUNNEL_ERROR: "The secure connection was interrupted. Please try again.",
    OIDC_NOT_CONFIGURED: "Single sign-on is not configured. Please contact your administrator.",
    OIDC_TOKEN_VERIFICATION_FAILED:
      "We could not verify your login. Please try again or contact support.",
    OIDC_TOKEN_INVALID_PAYLOAD: "The login information received is invalid. Please try again.",
    OIDC_EMAIL_MISMATCH: "The email address does not match your account.",
  },
  oidcGeneric: "An unknown error occurred during login.",
  loginFailed: {
    title: "Login failed",
    description: "Oops, something went wrong, try to reload the page.",
  },
  tunnelPreinitFailed: "The secure connection could not be prepared. Reload the page to try again.",
  signingAccess: {
    documentNotFound: {
      title: "Document not found",
      description:
        "This document was deleted or the link is not valid. Ask the sender to send you a new invitation.",
    },
    invalidLink: {
      title: "Invalid or expired link",
      description:
        "This signing link is no longer valid. Ask the sender to send you a new invitation.",
    },
    unableToAccess: {
      title: "Unable to open the document",
      description: "The document cannot be opened right now. Please try again later.",
    },
  },
};
