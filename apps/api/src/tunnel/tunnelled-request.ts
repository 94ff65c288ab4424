import type { Caller } from "../auth/caller";

/** A tunnelled request after it was opened, as the request-signature check sees it. */
export interface TunnelledRequest {
  /** The method, upper case. */
  method: string;
  /** The URL as received (behind a reverse proxy: mind the public scheme and authority). */
  url: string;
  /** Path and query, canonical: what the associated data bound (percent-encoding kept). */
  path: string;
  /**
   * The decoded path the router matches (`/%65nvelope/get` arrives as `/envelope/get`): what
   * decides which credential must sign the call, so that an encoding cannot change it.
   */
  routePath: string;
  /** The headers as received (Signature, Signature-Input, Content-Digest, X-Timestamp, ...). */
  headers: Headers;
  /** The bytes that travelled (the sealed body): what RFC 9421 signatures cover. */
  sealedBody: Uint8Array;
  sessionId: string;
  /** The request's sequence number in its session. */
  seq: number;
  /** The opened body. */
  body: Uint8Array;
}

/**
 * The seam of RFC 9421 request-signature verification (`@paraphe/api-sdk`'s signing code): it runs
 * after the request was opened and accepted, before the route; to refuse the request it throws an
 * `AppError` (AUTHENTICATION_ERROR, ...), which is answered sealed, and the route does not run.
 */
export type VerifyRequestSignature = (request: TunnelledRequest) => Promise<Caller | void>;
