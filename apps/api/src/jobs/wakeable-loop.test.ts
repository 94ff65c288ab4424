import { describe, expect, it, vi } from "vitest";
import { WakeableLoop, type SleepFn } from "./wakeable-loop";

/** A sleep that waits for the loop to be woken or stopped (no timer: nothing else ends it). */
const untilWoken: SleepFn = (_ms, signal) =>
  new Promise((resolve) => signal.addEventListener("abort", () => resolve()));

describe("the job worker's poller", () => {
  it("runs while started, and says it no longer runs once a step threw, telling why", async () => {
    const failures: unknown[] = [];
    let steps = 0;
    const loop = new WakeableLoop({
      pollIntervalMs: 1000,
      sleep: untilWoken,
      onFailure: (error) => failures.push(error),
      step: async () => {
        steps += 1;
        if (steps === 2) throw new Error("the job table vanished");
        return false;
      },
    });
    expect(loop.running).toBe(false);
    await loop.start();
    await vi.waitFor(() => expect(steps).toBe(1));
    expect(loop.running).toBe(true);
    loop.wake();
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(loop.running).toBe(false);
    expect(String(failures[0])).toContain("the job table vanished");
    await loop.stop();
    await loop.start();
    expect(loop.running).toBe(true);
    await loop.stop();
    expect(loop.running).toBe(false);
  });
});
