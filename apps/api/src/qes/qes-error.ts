/**
 * What went wrong with the qualified signature provider, in words the api and its callers act on:
 * - `provider_unreachable`, `provider_timeout`, `provider_unavailable` (429, 5xx: try later),
 *   `invalid_response`, `response_too_large`: the provider, not the signer;
 * - `client_rejected`: the provider refuses CSC_CLIENT_ID or CSC_CLIENT_SECRET (the operator's
 *   configuration);
 * - `access_denied`: the signer refused on the provider's page; `state_mismatch`: the callback is
 *   not the answer to this authorization request;
 * - `authorization_expired`: the authorization code is unknown, used or expired (sign in again);
 * - `token_rejected`: the access token is invalid or expired (sign in again);
 * - `activation_data_invalid`: a wrong PIN or one-time code; `credential_locked`: too many of them;
 * - `activation_expired`: the SAD expired before the signature;
 * - `credential_unusable`: a disabled key, an expired certificate, or no signature algorithm
 *   Paraphe supports;
 * - `signature_invalid`: the provider's signature does not verify with the credential's
 *   certificate;
 * - `request_refused`: any other refusal of a request.
 */
export type QesErrorCode =
  | "provider_unreachable"
  | "provider_timeout"
  | "provider_unavailable"
  | "invalid_response"
  | "response_too_large"
  | "client_rejected"
  | "access_denied"
  | "state_mismatch"
  | "authorization_expired"
  | "token_rejected"
  | "activation_data_invalid"
  | "credential_locked"
  | "activation_expired"
  | "credential_unusable"
  | "signature_invalid"
  | "request_refused";

export interface QesErrorDetails {
  /** The HTTP status of the provider's answer, when there was one. */
  status?: number;
  /** The provider's `error` (`invalid_request`, `invalid_grant`...), when it gave one. */
  providerError?: string;
  /** How long the provider asked to wait (429 with Retry-After). */
  retryAfterMs?: number | null;
}

/**
 * An error of the qualified signature provider or of its answers. Its message names the call and
 * what the provider said (its `error_description`, shortened, without secrets); it never holds the
 * client secret, an access token, a SAD or activation data.
 */
export class QesError extends Error {
  readonly code: QesErrorCode;
  readonly status: number | undefined;
  readonly providerError: string | undefined;
  readonly retryAfterMs: number | null;

  constructor(code: QesErrorCode, message: string, details: QesErrorDetails = {}) {
    super(message);
    this.name = "QesError";
    this.code = code;
    this.status = details.status;
    this.providerError = details.providerError;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}

/** Where an answer came from: the OAuth 2.0 token endpoint or a CSC API method. */
export type QesCall =
  "token" | "info" | "metadata" | `credentials/${string}` | `signatures/${string}`;

/**
 * The code of a provider's error answer (`{ error, error_description }`, CSC v2 §10.2), from its
 * status, its `error` and, where the specification tells errors apart only by their description
 * (a locked credential, an expired SAD), its description.
 */
export function qesErrorCode(
  call: QesCall,
  status: number,
  error: string | undefined,
  description: string,
): QesErrorCode {
  if (
    status === 429 ||
    status >= 500 ||
    error === "temporarily_unavailable" ||
    error === "server_error"
  )
    return "provider_unavailable";
  if (call === "token") {
    if (error === "invalid_grant") return "authorization_expired";
    // CSC v2 §8.4.4 answers a wrong client with invalid_request; RFC 6749 with invalid_client.
    if (
      error === "invalid_client" ||
      error === "unauthorized_client" ||
      status === 401 ||
      /client_id|client_secret|client authori[sz]ation/i.test(description)
    )
      return "client_rejected";
    return "request_refused";
  }
  if (status === 401 || error === "invalid_token" || error === "expired_token")
    return "token_rejected";
  if (error === "invalid_authentication_data" || error === "invalid_pin" || error === "invalid_otp")
    return "activation_data_invalid";
  if (/\blocked\b/i.test(description)) return "credential_locked";
  if (/SAD expired/i.test(description)) return "activation_expired";
  if (/disabled|certificate is expired|not valid any more/i.test(description))
    return "credential_unusable";
  if (error === "access_denied") return "access_denied";
  return "request_refused";
}
