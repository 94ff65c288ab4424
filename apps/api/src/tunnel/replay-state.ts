import { MAX_SEQUENCE_NUMBER, REPLAY_WINDOW_SIZE } from "@paraphe/tunnel-client/protocol";

/**
 * The replay window of the protocol's `createReplayWindow(64)` as a value that a database row can
 * hold: the highest sequence number accepted and a 64-bit map in which bit `i` says that
 * `highest - i` was accepted. Same rules: each number is accepted once; numbers above the highest
 * are always new; numbers at or below `highest - 64` are too old. The database store uses it; the
 * memory store uses `createReplayWindow` itself, and a test proves both agree.
 */
export interface ReplayState {
  /** Highest sequence number accepted, or -1. */
  highest: number;
  /** Bit i: `highest - i` was accepted (bit 0 is `highest` itself). */
  bitmap: bigint;
}

const WINDOW = REPLAY_WINDOW_SIZE;
const MASK = (1n << BigInt(WINDOW)) - 1n;

export const INITIAL_REPLAY_STATE: ReplayState = { highest: -1, bitmap: 0n };

/** True when `seq` may be accepted; changes nothing. */
export function replayCheck(state: ReplayState, seq: number): boolean {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq > MAX_SEQUENCE_NUMBER) return false;
  if (seq > state.highest) return true;
  const age = state.highest - seq;
  if (age >= WINDOW) return false;
  return (state.bitmap & (1n << BigInt(age))) === 0n;
}

/** The state after accepting `seq`, or null (nothing accepted) when {@link replayCheck} is false. */
export function replayAccept(state: ReplayState, seq: number): ReplayState | null {
  if (!replayCheck(state, seq)) return null;
  if (seq > state.highest) {
    const shift = seq - state.highest;
    const bitmap = shift >= WINDOW ? 1n : ((state.bitmap << BigInt(shift)) | 1n) & MASK;
    return { highest: seq, bitmap };
  }
  return { highest: state.highest, bitmap: state.bitmap | (1n << BigInt(state.highest - seq)) };
}

/** The bitmap as 8 bytes, big-endian (the `replay_bitmap` column). */
export function encodeReplayBitmap(bitmap: bigint): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(bitmap & MASK);
  return bytes;
}

export function decodeReplayBitmap(bytes: Uint8Array): bigint {
  if (bytes.length !== 8) throw new Error("A replay bitmap is 8 bytes");
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readBigUInt64BE();
}
