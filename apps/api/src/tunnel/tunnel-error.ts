import { AppError } from "../errors/app-error";

/**
 * A `TUNNEL_ERROR` answered with the HTTP status the tunnel protocol gives it (see the server
 * duties in the README of `@paraphe/tunnel-client`):
 *
 * - 400: a malformed handshake message or sealed request, a replayed or too old sequence number, a
 *   message that does not authenticate (tampered, truncated, sealed for another session, path or
 *   method). Never 401 for these: the client would drop a good session because of a forged message.
 * - 401: no session, an unknown one, or one past its idle or absolute lifetime; the client opens a
 *   new session and sends the call again once.
 * - 403: the client's key confirmation of the handshake failed.
 * - 503: the server cannot take a new handshake now (the client retries after a backoff), with
 *   `Retry-After`.
 *
 * (A client address past its handshakes per minute or its open sessions is answered 429
 * RATE_LIMITED with `Retry-After`, see `handshake.ts`.)
 *
 * The error code stays `TUNNEL_ERROR` whatever the status; only 401 makes the client re-handshake.
 */
export class TunnelAppError extends AppError {
  readonly #status: number;

  constructor(
    status: 400 | 401 | 403 | 503,
    message: string,
    suggestion?: string,
    headers?: Record<string, string>,
  ) {
    super("TUNNEL_ERROR", {
      message,
      ...(suggestion === undefined ? {} : { suggestion }),
      ...(headers === undefined ? {} : { headers }),
    });
    this.#status = status;
  }

  override get status(): number {
    return this.#status;
  }
}

/** The suggestion of a refused sealed message: nothing the user can fix, the app sends it again. */
export const RESEAL_SUGGESTION = "Send the request again through the secure session.";

/** 401: the client must open a new session. */
export function sessionUnknown(
  message = "The secure session is unknown or has expired.",
): TunnelAppError {
  return new TunnelAppError(401, message);
}

/** 400: the message was refused and nothing was done. */
export function messageRefused(message: string): TunnelAppError {
  return new TunnelAppError(400, message, RESEAL_SUGGESTION);
}
