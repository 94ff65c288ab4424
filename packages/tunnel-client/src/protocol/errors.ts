/** Why a protocol operation refused its input. Stable strings: servers may log or branch on them. */
export type TunnelProtocolErrorReason =
  | "MALFORMED_FRAME"
  | "UNSUPPORTED_VERSION"
  | "UNEXPECTED_MESSAGE_TYPE"
  | "INVALID_SEQUENCE"
  | "INVALID_ARGUMENT"
  | "AUTHENTICATION_FAILED";

/**
 * Thrown by the pure protocol helpers (framing, associated data, sealing) when their input is not
 * a valid protocol value or a sealed message does not authenticate. The client turns these into
 * `TunnelError`s; a server answers them with a TUNNEL_ERROR (see the README's server duties).
 */
export class TunnelProtocolError extends Error {
  override readonly name = "TunnelProtocolError";
  readonly reason: TunnelProtocolErrorReason;

  constructor(reason: TunnelProtocolErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

/** True for a `TunnelProtocolError`, optionally of one reason. */
export function isTunnelProtocolError(
  error: unknown,
  reason?: TunnelProtocolErrorReason,
): error is TunnelProtocolError {
  return error instanceof TunnelProtocolError && (reason === undefined || error.reason === reason);
}
