import { describe, expect, it } from "vitest";
import { createReplayWindow } from "./replay-window";

describe("createReplayWindow", () => {
  it("accepts each sequence number once", () => {
    const window = createReplayWindow(64);
    expect(window.accept(0)).toBe(true);
    expect(window.accept(0)).toBe(false);
    expect(window.accept(1)).toBe(true);
    expect(window.check(1)).toBe(false);
    expect(window.highest).toBe(1);
  });

  it("accepts reordered numbers inside the window, each once", () => {
    const window = createReplayWindow(64);
    for (const seq of [3, 0, 2, 1, 5, 4]) expect(window.accept(seq), String(seq)).toBe(true);
    for (const seq of [0, 1, 2, 3, 4, 5]) expect(window.accept(seq), String(seq)).toBe(false);
  });

  it("rejects numbers that fell out of the 64-wide window", () => {
    const window = createReplayWindow(64);
    expect(window.accept(100)).toBe(true);
    expect(window.check(36)).toBe(false); // 100 - 64
    expect(window.check(37)).toBe(true);
    expect(window.accept(37)).toBe(true);
    expect(window.accept(37)).toBe(false);
  });

  it("forgets marks that slid out and reuses their slots correctly", () => {
    const window = createReplayWindow(4);
    for (const seq of [0, 1, 2, 3]) window.accept(seq);
    expect(window.accept(5)).toBe(true); // slots of 1 and 5 coincide; 4 still unseen
    expect(window.accept(4)).toBe(true);
    expect(window.accept(1)).toBe(false); // too old
    expect(window.accept(2)).toBe(false); // still inside the window (2..5) and already seen
    expect(window.accept(100)).toBe(true); // jump clears everything
    expect(window.check(99)).toBe(true);
    expect(window.check(96)).toBe(false);
  });

  it("check changes nothing; invalid numbers are rejected", () => {
    const window = createReplayWindow();
    expect(window.check(7)).toBe(true);
    expect(window.check(7)).toBe(true);
    expect(window.highest).toBe(-1);
    for (const seq of [-1, 0.5, Number.MAX_SAFE_INTEGER + 1])
      expect(window.accept(seq)).toBe(false);
    expect(() => createReplayWindow(0)).toThrow();
  });
});
