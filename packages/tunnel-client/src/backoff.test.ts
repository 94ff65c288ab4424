import { describe, expect, it } from "vitest";
import { handshakeBackoffMs } from "./backoff";
import {
  HANDSHAKE_BACKOFF_BASE_MS,
  HANDSHAKE_BACKOFF_FACTOR,
  HANDSHAKE_BACKOFF_JITTER_MS,
} from "./protocol/constants";

describe("handshakeBackoffMs", () => {
  it("grows from 250 ms by a factor of 1.5 per retry", () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4].map((attempt) => handshakeBackoffMs(attempt, noJitter))).toEqual([
      250, 375, 562, 843, 1265,
    ]);
    expect([
      HANDSHAKE_BACKOFF_BASE_MS,
      HANDSHAKE_BACKOFF_FACTOR,
      HANDSHAKE_BACKOFF_JITTER_MS,
    ]).toEqual([250, 1.5, 200]);
  });

  it("adds a random jitter below 200 ms", () => {
    expect(handshakeBackoffMs(0, () => 0.5)).toBe(350);
    expect(handshakeBackoffMs(1, () => 0.25)).toBe(425);
    expect(handshakeBackoffMs(0, () => 0.999999)).toBe(449);
    expect(handshakeBackoffMs(0, () => 1)).toBe(449); // a faulty source cannot exceed the bound
    expect(handshakeBackoffMs(0, () => -3)).toBe(250);
  });

  it("stays within [base x 1.5^n, base x 1.5^n + 200) with Math.random", () => {
    for (let i = 0; i < 200; i++) {
      const value = handshakeBackoffMs(2);
      expect(value).toBeGreaterThanOrEqual(562);
      expect(value).toBeLessThan(762);
    }
  });

  it("refuses a negative or fractional attempt", () => {
    expect(() => handshakeBackoffMs(-1)).toThrow(RangeError);
    expect(() => handshakeBackoffMs(0.5)).toThrow(RangeError);
  });
});
