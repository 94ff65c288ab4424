import { afterEach, describe, expect, it, vi } from "vitest";
import { isTunnelError } from "./errors";
import { createTimedLock } from "./lock";

afterEach(() => {
  vi.useRealTimers();
});

describe("createTimedLock", () => {
  it("grants the lock in FIFO order", async () => {
    const lock = createTimedLock();
    const order: string[] = [];
    const releaseA = await lock.acquire(5000);
    const b = lock.acquire(5000).then((release) => {
      order.push("b");
      return release;
    });
    const c = lock.acquire(5000).then((release) => {
      order.push("c");
      release();
    });
    releaseA();
    (await b)();
    await c;
    expect(order).toEqual(["b", "c"]);
    expect(lock.locked).toBe(false);
  });

  it("rejects a waiter with LOCK_TIMEOUT after the timeout and skips it later", async () => {
    vi.useFakeTimers();
    const lock = createTimedLock();
    const release = await lock.acquire(5000);
    const waiter = lock.acquire(5000).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    expect(isTunnelError(await waiter, "LOCK_TIMEOUT")).toBe(true);
    release();
    expect(lock.locked).toBe(false);
    const again = await lock.acquire(5000);
    expect(lock.locked).toBe(true);
    again();
    again(); // releasing twice is harmless
    expect(lock.locked).toBe(false);
  });
});
