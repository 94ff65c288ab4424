import { MAX_SEQUENCE_NUMBER, REPLAY_WINDOW_SIZE } from "./constants";

/**
 * Receiver-side replay detection for one direction of one session: each sequence number is
 * accepted at most once; numbers may arrive out of order within a sliding window of `size` below
 * the highest one accepted; older numbers are rejected (RFC 4303 §3.4.3 style).
 *
 * Use: `check(seq)` before decrypting (cheap early reject), then `accept(seq)` only after the
 * message authenticated (so a forged frame cannot move the window), and reject the message when
 * `accept` returns false (another request with the same seq won the race).
 */
export interface ReplayWindow {
  /** True when `seq` has not been accepted and is not too old; changes nothing. */
  check(seq: number): boolean;
  /** Records `seq` as seen; false (and nothing recorded) when `check(seq)` would be false. */
  accept(seq: number): boolean;
  /** Highest sequence number accepted so far, or -1. */
  readonly highest: number;
}

export function createReplayWindow(size: number = REPLAY_WINDOW_SIZE): ReplayWindow {
  if (!Number.isInteger(size) || size < 1 || size > 4096) {
    throw new RangeError("replay window size must be an integer from 1 to 4096");
  }
  const seen = new Uint8Array(size);
  let highest = -1;

  const check = (seq: number): boolean => {
    if (!Number.isSafeInteger(seq) || seq < 0 || seq > MAX_SEQUENCE_NUMBER) return false;
    if (seq > highest) return true;
    if (seq <= highest - size) return false;
    return seen[seq % size] === 0;
  };

  return {
    check,
    accept(seq) {
      if (!check(seq)) return false;
      if (seq > highest) {
        const gap = seq - highest;
        if (gap >= size) {
          seen.fill(0);
        } else {
          for (let s = highest + 1; s < seq; s++) seen[s % size] = 0;
        }
        highest = seq;
      }
      seen[seq % size] = 1;
      return true;
    },
    get highest() {
      return highest;
    },
  };
}
