import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ATTESTATION_REFRESH_MS, createVisibilityPoller, type VisibilityDocument } from "./poller";

class FakeDocument implements VisibilityDocument {
  visibilityState: "visible" | "hidden";
  readonly listeners = new Set<() => void>();

  constructor(state: "visible" | "hidden") {
    this.visibilityState = state;
  }

  addEventListener(_type: "visibilitychange", listener: () => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: "visibilitychange", listener: () => void): void {
    this.listeners.delete(listener);
  }

  set(state: "visible" | "hidden"): void {
    this.visibilityState = state;
    for (const listener of this.listeners) listener();
  }
}

describe("createVisibilityPoller", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refreshes every 30 seconds", () => {
    expect(ATTESTATION_REFRESH_MS).toBe(30_000);
  });

  it("runs at once when started on a visible page, then every interval", () => {
    const run = vi.fn();
    const poller = createVisibilityPoller({
      intervalMs: ATTESTATION_REFRESH_MS,
      run,
      document: new FakeDocument("visible"),
    });
    poller.start();
    expect(run).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(29_999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it("pauses while the page is hidden and runs at once when it is visible again", () => {
    const run = vi.fn();
    const document = new FakeDocument("visible");
    createVisibilityPoller({ intervalMs: ATTESTATION_REFRESH_MS, run, document }).start();
    vi.advanceTimersByTime(10_000);

    document.set("hidden");
    vi.advanceTimersByTime(10 * 60_000);
    expect(run).toHaveBeenCalledTimes(1);

    document.set("visible");
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(30_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("waits for the page to become visible when started on a hidden page", () => {
    const run = vi.fn();
    const document = new FakeDocument("hidden");
    createVisibilityPoller({ intervalMs: ATTESTATION_REFRESH_MS, run, document }).start();
    vi.advanceTimersByTime(5 * 60_000);
    expect(run).not.toHaveBeenCalled();

    document.set("visible");
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("stops running and listening when stopped", () => {
    const run = vi.fn();
    const document = new FakeDocument("visible");
    const poller = createVisibilityPoller({ intervalMs: ATTESTATION_REFRESH_MS, run, document });
    poller.start();
    poller.stop();

    vi.advanceTimersByTime(5 * 60_000);
    document.set("hidden");
    document.set("visible");
    expect(run).toHaveBeenCalledTimes(1);
    expect(document.listeners.size).toBe(0);
    expect(poller.running).toBe(false);
  });

  it("does not start a run while the previous one is still in progress", async () => {
    let finish: () => void = () => undefined;
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    createVisibilityPoller({
      intervalMs: ATTESTATION_REFRESH_MS,
      run,
      document: new FakeDocument("visible"),
    }).start();

    await vi.advanceTimersByTimeAsync(90_000);
    expect(run).toHaveBeenCalledTimes(1);

    finish();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("logs a failed run and keeps polling", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const run = vi.fn(() => Promise.reject(new Error("offline")));
    createVisibilityPoller({
      intervalMs: ATTESTATION_REFRESH_MS,
      run,
      document: new FakeDocument("visible"),
    }).start();

    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it("rejects an interval that is not a positive number", () => {
    expect(() =>
      createVisibilityPoller({
        intervalMs: 0,
        run: () => undefined,
        document: new FakeDocument("visible"),
      }),
    ).toThrow(RangeError);
  });
});
