/**
 * Work the server cannot take now: its capacity is used up (`reason: "capacity"`), or the caller
 * already has its share of it (`reason: "caller_share"`). The api answers SERVICE_BUSY or
 * RATE_LIMITED with a Retry-After of `retryAfterSeconds` (`http/error-response.ts`); the domain that
 * throws it (the document workers) needs to know nothing of HTTP.
 */
export class BusyError extends Error {
  /** A fair wait before trying again, for the Retry-After header. */
  readonly retryAfterSeconds: number;
  readonly busyBecause: "capacity" | "caller_share";

  constructor(
    message: string,
    retryAfterSeconds: number,
    busyBecause: "capacity" | "caller_share",
  ) {
    super(message);
    this.name = "BusyError";
    this.retryAfterSeconds = retryAfterSeconds;
    this.busyBecause = busyBecause;
  }
}
