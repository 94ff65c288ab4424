import {
  HANDSHAKE_BACKOFF_BASE_MS,
  HANDSHAKE_BACKOFF_FACTOR,
  HANDSHAKE_BACKOFF_JITTER_MS,
} from "./protocol/constants";

/**
 * Delay before handshake retry number `attempt` (0 for the first retry):
 * `floor(250 × 1.5^attempt) + floor(random() × 200)` ms, so 250–449 ms, then 375–574 ms,
 * then 562–761 ms, ... `random` returns a number in [0, 1) (Math.random by default).
 */
export function handshakeBackoffMs(attempt: number, random: () => number = Math.random): number {
  if (!Number.isInteger(attempt) || attempt < 0) {
    throw new RangeError(`attempt must be a non-negative integer, got ${attempt}`);
  }
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return (
    Math.floor(HANDSHAKE_BACKOFF_BASE_MS * HANDSHAKE_BACKOFF_FACTOR ** attempt) +
    Math.floor(r * HANDSHAKE_BACKOFF_JITTER_MS)
  );
}
