import { TunnelError } from "@paraphe/tunnel-client";
import { describe, expect, it, vi } from "vitest";
import { ApiError, networkError, RETRYABLE_TUNNEL_MESSAGES, toApiError } from "../errors";
import { createQueryClientDefaults, retryReason, shouldRetry, type RetryFunction } from "./retry";

function apiError(statusCode: number, code: ApiError["code"]): ApiError {
  return new ApiError({ statusCode, code, message: "x" });
}

const tunnelLost = apiError(401, "TUNNEL_ERROR");

/**
 * TanStack Query v5's retry loop (query-core `retryer.ts`): after each failure `retry` is asked
 * with the number of failures before this one (0 after the first), and the call runs again
 * while it answers true.
 */
async function runLikeTanStack(fn: () => Promise<string>, retry: RetryFunction): Promise<string> {
  let failureCount = 0;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (!retry(failureCount, error)) throw error;
      failureCount += 1;
    }
  }
}

describe("retryReason", () => {
  it("names the reset routine for the four empty-message failures, as codes or as messages", () => {
    for (const name of RETRYABLE_TUNNEL_MESSAGES) {
      expect(retryReason(new TunnelError(name, "English text"))).toBe("reset");
      expect(retryReason(new Error(name))).toBe("reset");
    }
  });

  it("names the lost tunnel for TUNNEL_ERROR 401", () => {
    expect(retryReason(tunnelLost)).toBe("tunnel-lost");
  });
});

describe("shouldRetry", () => {
  it("retries the four empty-message failures and TUNNEL_ERROR 401 up to 3 times", () => {
    for (const error of [
      tunnelLost,
      new TunnelError("EMPTY_RESPONSE_DATA", "empty"),
      new Error("EMPTY_REQUEST_BODY"),
    ]) {
      expect([0, 1, 2, 3].map((count) => shouldRetry(count, error))).toEqual([
        true,
        true,
        true,
        false,
      ]);
    }
  });

  it("never retries anything else", () => {
    const others: unknown[] = [
      networkError(new TypeError("Failed to fetch")),
      apiError(500, "INTERNAL_SERVER_ERROR"),
      apiError(400, "VALIDATION_ERROR"),
      apiError(401, "AUTHENTICATION_ERROR"),
      apiError(500, "TUNNEL_ERROR"),
      apiError(503, "SERVICE_UNAVAILABLE"),
      toApiError(502, undefined),
      new TunnelError("FAILED_TO_ESTABLISH_SESSION", "network", { transient: true }),
      new TunnelError("MAX_CONSECUTIVE_FAILURES", "too many"),
      new TypeError("Failed to fetch"),
      new Error("something else"),
      "EMPTY_REQUEST_BODY",
      undefined,
    ];
    for (const error of others) expect(shouldRetry(0, error)).toBe(false);
  });
});

describe("createQueryClientDefaults", () => {
  it("retries queries after TUNNEL_ERROR 401, never mutations: that answer is plaintext and may be forged after the server ran the call", () => {
    const onTunnelLost = vi.fn();
    const defaults = createQueryClientDefaults({ onTunnelLost });
    expect(defaults.queries.retry(0, tunnelLost)).toBe(true);
    expect(onTunnelLost).toHaveBeenCalledTimes(1);
    expect(defaults.mutations.retry(0, tunnelLost)).toBe(false);
    expect(onTunnelLost).toHaveBeenCalledTimes(1);
    expect(defaults.mutations.retry(0, apiError(500, "INTERNAL_SERVER_ERROR"))).toBe(false);
    const empty = new TunnelError("EMPTY_RESPONSE_DATA", "empty");
    expect(defaults.mutations.retry(0, empty)).toBe(defaults.queries.retry(0, empty));
  });

  it("destroys the tunnel before each retry after TUNNEL_ERROR 401: four attempts in all", async () => {
    const onTunnelLost = vi.fn();
    const onResetRoutine = vi.fn();
    const { queries } = createQueryClientDefaults({ onTunnelLost, onResetRoutine });
    const call = vi.fn(async () => {
      throw tunnelLost;
    });
    await expect(runLikeTanStack(call, queries.retry)).rejects.toBe(tunnelLost);
    expect(call).toHaveBeenCalledTimes(4);
    expect(onTunnelLost.mock.calls).toEqual([
      [tunnelLost, 0],
      [tunnelLost, 1],
      [tunnelLost, 2],
    ]);
    expect(onResetRoutine).not.toHaveBeenCalled();
  });

  it("runs the reset routine before retrying an empty-message failure, then succeeds", async () => {
    const order: string[] = [];
    const failure = new TunnelError("EMPTY_DECRYPTED_MESSAGE", "empty plaintext");
    const { mutations } = createQueryClientDefaults({
      onResetRoutine: () => {
        order.push("reset");
      },
      onTunnelLost: () => {
        order.push("destroy");
      },
    });
    let attempts = 0;
    const result = await runLikeTanStack(async () => {
      attempts += 1;
      order.push(`attempt ${attempts}`);
      if (attempts === 1) throw failure;
      return "ok";
    }, mutations.retry);
    expect(result).toBe("ok");
    expect(order).toEqual(["attempt 1", "reset", "attempt 2"]);
  });

  it("neither retries nor calls a hook for other errors", async () => {
    const onTunnelLost = vi.fn();
    const onResetRoutine = vi.fn();
    const { queries } = createQueryClientDefaults({ onTunnelLost, onResetRoutine });
    const failure = networkError(new TypeError("Failed to fetch"));
    const call = vi.fn(async () => {
      throw failure;
    });
    await expect(runLikeTanStack(call, queries.retry)).rejects.toBe(failure);
    expect(call).toHaveBeenCalledTimes(1);
    expect(onTunnelLost).not.toHaveBeenCalled();
    expect(onResetRoutine).not.toHaveBeenCalled();
  });

  it("still retries when a hook throws or rejects, and reports the hook's failure", async () => {
    const reported: unknown[] = [];
    const thrown = new Error("reset failed");
    const rejected = new Error("destroy failed");
    const { queries } = createQueryClientDefaults({
      onResetRoutine: () => {
        throw thrown;
      },
      onTunnelLost: async () => {
        throw rejected;
      },
      onHookError: (error) => reported.push(error),
    });
    expect(queries.retry(0, new Error("EMPTY_RESPONSE_DATA"))).toBe(true);
    expect(queries.retry(0, tunnelLost)).toBe(true);
    await Promise.resolve();
    expect(reported).toEqual([thrown, rejected]);
  });

  it("logs a failing hook with console.error by default", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { queries } = createQueryClientDefaults({
      onResetRoutine: () => {
        throw new Error("reset failed");
      },
    });
    expect(queries.retry(1, new Error("EMPTY_REQUEST_BODY"))).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
  });
});
