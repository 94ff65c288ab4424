import { afterEach, describe, expect, it, vi } from "vitest";
import { TunnelError } from "./errors";
import { preinitialize } from "./preinitialize";
import { PREINIT_DELAY_MS } from "./protocol";

afterEach(() => {
  vi.useRealTimers();
});

describe("preinitialize", () => {
  it("opens the tunnel 200 ms after start", async () => {
    vi.useFakeTimers();
    const client = { ensureOpen: vi.fn(() => Promise.resolve()) };
    const onFailure = vi.fn();
    preinitialize(client, { onFailure });
    await vi.advanceTimersByTimeAsync(PREINIT_DELAY_MS - 1);
    expect(client.ensureOpen).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(client.ensureOpen).toHaveBeenCalledTimes(1);
    expect(onFailure).not.toHaveBeenCalled();
    expect(PREINIT_DELAY_MS).toBe(200);
  });

  it("hands a failure to onFailure (the app shows its toast)", async () => {
    vi.useFakeTimers();
    const error = new TunnelError("SERVER_STATUS", "down", { status: 503 });
    const client = { ensureOpen: vi.fn(() => Promise.reject(error)) };
    const onFailure = vi.fn();
    preinitialize(client, { delayMs: 50, onFailure });
    await vi.advanceTimersByTimeAsync(50);
    expect(onFailure).toHaveBeenCalledWith(error);
  });

  it("can be cancelled before it starts", async () => {
    vi.useFakeTimers();
    const client = { ensureOpen: vi.fn(() => Promise.resolve()) };
    const cancel = preinitialize(client);
    cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(client.ensureOpen).not.toHaveBeenCalled();
  });
});
