/**
 * Every client-side tunnel error of the spec (§8), plus the ones this implementation adds.
 * The codes are stable: the app maps them to translated messages (the English `message` of a
 * `TunnelError` is for logs and developers, never shown as is).
 */
export const TUNNEL_ERROR_CODES = [
  /** The handshake's first answer carried no (valid) X-Session-Id header. */
  "NO_SESSION_ID",
  /** A handshake step was answered with an empty body. */
  "EMPTY_RESPONSE",
  /** The server answered with a non-OK status where the tunnel cannot continue (`status` set). */
  "SERVER_STATUS",
  /** The handshake used all of its MAX_HANDSHAKE_STEPS POSTs without opening a session. */
  "MAX_HANDSHAKE_STEPS_REACHED",
  /** A handshake step failed in transport (network) or the server sent a malformed message. */
  "FAILED_TO_ESTABLISH_SESSION",
  /** WebCrypto is unavailable (not a secure context), or a session was used before it started. */
  "CLIENT_NOT_INITIALIZED",
  /** `write`/`read` on a session that is not open (handshake unfinished, or closed). */
  "SESSION_NOT_OPEN",
  /** A request without a body: every tunnelled request carries a non-empty sealed body. */
  "EMPTY_REQUEST_BODY",
  /** Sealing the request failed (invalid method or path, sequence exhausted, WebCrypto error). */
  "WRITE_ERROR",
  /** A response flagged as encrypted came with an empty body. */
  "EMPTY_RESPONSE_DATA",
  /** A sealed message opened to an empty plaintext. */
  "EMPTY_DECRYPTED_MESSAGE",
  /** MAX_CONSECUTIVE_FAILURES handshakes failed in a row: failing fast until `reset()`. */
  "MAX_CONSECUTIVE_FAILURES",
  /** `read` was given an empty sealed message. */
  "EMPTY_ENCRYPTED_MESSAGE",
  /** The server's evidence failed the tunnel's checks or the app's `verifyEvidence`. */
  "EVIDENCE_REJECTED",
  /** The server's key confirmation did not authenticate or did not match the transcript. */
  "KEY_CONFIRMATION_FAILED",
  /** A sealed message was malformed, failed to authenticate, or replayed a sequence number. */
  "DECRYPT_FAILED",
  /** A caller waited LOCK_TIMEOUT_MS for the handshake lock. */
  "LOCK_TIMEOUT",
  /** A successful (2xx) answer came without the encrypted-response header: refused. */
  "UNENCRYPTED_RESPONSE",
] as const;

export type TunnelErrorCode = (typeof TUNNEL_ERROR_CODES)[number];

export interface TunnelErrorOptions {
  cause?: unknown;
  /** HTTP status, for SERVER_STATUS. */
  status?: number;
  /** True when trying again later may succeed (network failure, 5xx, 408, 429, empty answer). */
  transient?: boolean;
}

/** An error of the tunnel client, with a stable `code`. */
export class TunnelError extends Error {
  override readonly name = "TunnelError";
  readonly code: TunnelErrorCode;
  readonly status: number | undefined;
  readonly transient: boolean;

  constructor(code: TunnelErrorCode, message: string, options: TunnelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.transient = options.transient ?? false;
  }
}

/** True for a `TunnelError`, optionally of one code. */
export function isTunnelError(error: unknown, code?: TunnelErrorCode): error is TunnelError {
  return error instanceof TunnelError && (code === undefined || error.code === code);
}
