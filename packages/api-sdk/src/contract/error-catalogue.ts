import { type ErrorCode } from "./error-codes";

// The catalogue of the error codes (status, English message and suggestion), apart from the codes
// themselves (`error-codes.ts`): what the api answers with and what a client shows as a last resort.

export interface ErrorCodeDefinition {
  /** The HTTP status an answer with this code carries. */
  status: number;
  /** Default English message, suitable to show. */
  message: string;
  /** Default English suggestion: what the user or the calling program can do about it. */
  suggestion: string;
}

// The two a client makes itself (an answer without the error shape, a call without an answer), as
// constants of their own: a bundle that reads only these leaves the rest of the catalogue out.

/** GENERIC_ERROR: an answer without the spec's error shape. */
export const genericError: ErrorCodeDefinition = {
  status: 500,
  message: "An error occurred.",
  suggestion: "Try again later.",
};

/** INTERNAL_SERVER_ERROR: also what a client says of a call that got no answer. */
export const internalServerError: ErrorCodeDefinition = {
  status: 500,
  message: "An unexpected error occurred.",
  suggestion:
    "Try again later. If it keeps happening, contact support and give them the request id.",
};

/**
 * The catalogue of error codes: HTTP status, default message and suggestion. The api answers with
 * these defaults unless a more precise message applies.
 */
export const errorCatalogue: Readonly<Record<ErrorCode, ErrorCodeDefinition>> = {
  VALIDATION_ERROR: {
    status: 400,
    message: "The request is not valid.",
    suggestion: "Correct the fields listed in the error and send the request again.",
  },
  AUTHENTICATION_ERROR: {
    status: 401,
    message: "You are not signed in, or your session has ended.",
    suggestion: "Sign in again.",
  },
  TUNNEL_ERROR: {
    status: 401,
    message: "The secure session is unknown or has expired.",
    suggestion: "Open a new secure session and send the request again.",
  },
  FORBIDDEN: {
    status: 403,
    message: "You are not allowed to do this.",
    suggestion: "Ask an administrator of your team for the permission.",
  },
  ACCESS_LINK_INVALID: {
    status: 403,
    message: "This access link is invalid or has expired.",
    suggestion: "Ask the sender for a new invitation.",
  },
  NOT_FOUND: {
    status: 404,
    message: "The requested resource was not found.",
    suggestion: "Check the address; the resource may have been deleted.",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: "This method is not allowed on this path.",
    suggestion: "Use one of the methods listed in the Allow header.",
  },
  CONFLICT: {
    status: 409,
    message: "The request conflicts with the current state of the resource.",
    suggestion: "Reload the resource and try again.",
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: "The request is too large.",
    suggestion: "Send a smaller file or fewer items at once.",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: "This type of content is not supported.",
    suggestion: "Send the content in a supported format.",
  },
  RATE_LIMITED: {
    status: 429,
    message: "Too many requests.",
    suggestion: "Wait a moment before trying again.",
  },
  OIDC_NOT_CONFIGURED: {
    status: 400,
    message: "Single sign-on is not configured. Please contact your administrator.",
    suggestion:
      "Sign in with your email address, or ask your administrator to configure single sign-on.",
  },
  OIDC_TOKEN_VERIFICATION_FAILED: {
    status: 401,
    message: "We could not verify your login. Please try again or contact support.",
    suggestion: "Sign in again; contact support if it keeps failing.",
  },
  OIDC_TOKEN_INVALID_PAYLOAD: {
    status: 401,
    message: "The login information received is invalid. Please try again.",
    suggestion: "Sign in again.",
  },
  OIDC_EMAIL_MISMATCH: {
    status: 403,
    message: "The email address does not match your account.",
    suggestion: "Sign in with the identity-provider account that uses your Paraphe email address.",
  },
  OIDC_DISCOVERY_FAILED: {
    status: 502,
    message: "Failed to fetch OIDC configuration: enter the URLs manually.",
    suggestion:
      "Check the issuer URL, or copy the URLs from your identity provider's settings into the form.",
  },
  GENERIC_ERROR: genericError,
  INTERNAL_SERVER_ERROR: internalServerError,
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: "The service is not ready.",
    suggestion: "Try again in a moment.",
  },
  SERVICE_BUSY: {
    status: 503,
    message: "The server is busy with other documents.",
    suggestion:
      "Wait the number of seconds in the Retry-After header, then send the request again.",
  },
  SEATS_FULL: {
    status: 409,
    message: "Every seat of the team's plan is taken: only the Viewer role can be invited.",
    suggestion: "Invite with the Viewer role, free a seat, or move to a plan with more seats.",
  },
  INVITATION_INVALID: {
    status: 404,
    message: "This invitation does not exist, was revoked or has expired.",
    suggestion: "Ask an administrator of the team to send you a new invitation.",
  },
  INVITATION_ACCOUNT_REQUIRED: {
    status: 409,
    message: "Sign in with the email address the invitation was sent to before accepting it.",
    suggestion: "Sign in with that email address, then open the invitation again.",
  },
  LAST_OWNER: {
    status: 409,
    message: "The last owner of a team cannot be removed or given another role.",
    suggestion: "Give the Owner role to another member first.",
  },
  ROLE_READ_ONLY: {
    status: 403,
    message: "Managed roles cannot be changed or deleted.",
    suggestion: "Create a custom role with the rules you need instead.",
  },
  ROLE_NAME_TAKEN: {
    status: 409,
    message: "Your team already has a role with this name.",
    suggestion: "Choose another name for the role.",
  },
  ROLE_IN_USE: {
    status: 409,
    message: "Members still hold this role, so it cannot be deleted.",
    suggestion: "Give these members another role first, then delete the role.",
  },
  SIGNATURE_LIMIT_REACHED: {
    status: 409,
    message: "The team has sent every envelope its plan allows in this period.",
    suggestion:
      "See the plans on the Subscription page (/settings/subscription) and move the team to a larger plan, or wait for the next period.",
  },
  API_CREDITS_EXHAUSTED: {
    status: 409,
    message: "The team has used every API credit its plan allows in this period.",
    suggestion:
      "See the plans on the Subscription page (/settings/subscription) and move the team to a larger plan, or wait for the next period.",
  },
  SUBSCRIPTION_INACTIVE: {
    status: 409,
    message: "The team's subscription is past due or canceled.",
    suggestion:
      "See the Subscription page (/settings/subscription) and contact support to renew the subscription.",
  },
};
