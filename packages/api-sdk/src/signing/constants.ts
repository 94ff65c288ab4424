/** The label of Paraphe's request signature in `Signature-Input` and `Signature`. */
export const SIGNATURE_LABEL = "sig1";

/** RFC 9421 §3.3.3: HMAC using SHA-256. */
export const SIGNATURE_ALGORITHM = "hmac-sha256";

/** The creation time of the signature, Unix seconds, as an RFC 8941 integer. */
export const TIMESTAMP_HEADER = "X-Timestamp";

/**
 * The components every request signature covers, in this order. Spec §7 names the timestamp,
 * authority, content type, content digest and content length; the method, path and query bind
 * the signature to its route (`@query` is "?" when the request has none, so a query cannot be
 * added either).
 */
export const SIGNED_COMPONENTS = [
  "@method",
  "@authority",
  "@path",
  "@query",
  "content-type",
  "content-digest",
  "content-length",
  "x-timestamp",
] as const;

/** How far (seconds) a signature's creation time may be from the verifier's clock, either way. */
export const DEFAULT_MAX_SKEW_SECONDS = 300;

/** A nonce: 16 to 128 characters of base64, base64url or the URL-safe marks. */
export const NONCE_PATTERN = /^[A-Za-z0-9._~+/=-]{16,128}$/;
