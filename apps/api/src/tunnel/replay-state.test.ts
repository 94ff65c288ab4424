import { createReplayWindow, MAX_SEQUENCE_NUMBER } from "@paraphe/tunnel-client/protocol";
import { describe, expect, it } from "vitest";
import {
  decodeReplayBitmap,
  encodeReplayBitmap,
  INITIAL_REPLAY_STATE,
  replayAccept,
  replayCheck,
  type ReplayState,
} from "./replay-state";

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the database's replay state", () => {
  it("decides exactly as the protocol's createReplayWindow on long random sequences", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      const window = createReplayWindow();
      let state: ReplayState = INITIAL_REPLAY_STATE;
      let base = 0;
      for (let i = 0; i < 5000; i++) {
        // Mostly near the front, sometimes far behind, sometimes a jump ahead.
        const roll = next();
        const seq =
          roll < 0.05
            ? base + Math.floor(next() * 300)
            : Math.max(0, base - 70 + Math.floor(next() * 80));
        base = Math.max(base, seq);
        expect(replayCheck(state, seq), `seed ${seed} step ${i} check ${seq}`).toBe(
          window.check(seq),
        );
        const accepted = replayAccept(state, seq);
        expect(accepted !== null, `seed ${seed} step ${i} accept ${seq}`).toBe(window.accept(seq));
        if (accepted !== null) state = accepted;
        expect(state.highest).toBe(window.highest);
        // Survives the trip through the database column.
        state = {
          highest: state.highest,
          bitmap: decodeReplayBitmap(encodeReplayBitmap(state.bitmap)),
        };
      }
    }
  });

  it("refuses a repeat, a number 64 below the highest, and numbers out of range", () => {
    let state = replayAccept(INITIAL_REPLAY_STATE, 100);
    expect(state).not.toBeNull();
    state = state as ReplayState;
    expect(replayAccept(state, 100)).toBeNull();
    expect(replayCheck(state, 36)).toBe(false);
    expect(replayCheck(state, 37)).toBe(true);
    expect(replayCheck(state, -1)).toBe(false);
    expect(replayCheck(state, 1.5)).toBe(false);
    expect(replayCheck(state, MAX_SEQUENCE_NUMBER)).toBe(true);
    expect(replayCheck(state, MAX_SEQUENCE_NUMBER + 1)).toBe(false);
  });

  it("encodes the bitmap in 8 bytes", () => {
    const bitmap = (1n << 63n) | 5n;
    const bytes = encodeReplayBitmap(bitmap);
    expect(bytes.length).toBe(8);
    expect(decodeReplayBitmap(bytes)).toBe(bitmap);
    expect(() => decodeReplayBitmap(new Uint8Array(7))).toThrow();
  });
});
