import { ApiError, ErrorCode } from "@paraphe/api-sdk";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client";

function retryOf(
  tunnel = { reset: vi.fn(), destroy: vi.fn() },
  kind: "queries" | "mutations" = "mutations",
) {
  const retry = createQueryClient(tunnel).getDefaultOptions()[kind]?.retry;
  if (typeof retry !== "function") throw new Error("retry is not a function");
  return { retry: (count: number, error: unknown) => retry(count, error as Error), tunnel };
}

const tunnelLost = new ApiError({
  statusCode: 401,
  code: ErrorCode.TUNNEL_ERROR,
  message: "Tunnel session expired",
});

describe("the query client's retry rules (spec §7)", () => {
  it.each([
    "EMPTY_REQUEST_BODY",
    "EMPTY_ENCRYPTED_MESSAGE",
    "EMPTY_DECRYPTED_MESSAGE",
    "EMPTY_RESPONSE_DATA",
  ])("runs the tunnel's reset routine and retries after %s", (message) => {
    const { retry, tunnel } = retryOf();
    expect(retry(0, new Error(message))).toBe(true);
    expect(tunnel.reset).toHaveBeenCalledTimes(1);
    expect(tunnel.destroy).not.toHaveBeenCalled();
  });

  it("destroys the tunnel and retries a query after TUNNEL_ERROR with HTTP 401", () => {
    const { retry, tunnel } = retryOf(undefined, "queries");
    expect(retry(0, tunnelLost)).toBe(true);
    expect(tunnel.destroy).toHaveBeenCalledTimes(1);
  });

  it("never sends a mutation again after TUNNEL_ERROR with HTTP 401 (a plaintext answer anyone could forge)", () => {
    const { retry, tunnel } = retryOf();
    expect(retry(0, tunnelLost)).toBe(false);
    expect(tunnel.destroy).not.toHaveBeenCalled();
  });

  it("does not retry other errors", () => {
    const { retry, tunnel } = retryOf();
    expect(
      retry(0, new ApiError({ statusCode: 400, code: ErrorCode.VALIDATION_ERROR, message: "x" })),
    ).toBe(false);
    expect(retry(0, new Error("An error occurred"))).toBe(false);
    expect(tunnel.reset).not.toHaveBeenCalled();
  });

  it("stops after 3 retries", () => {
    const { retry } = retryOf();
    expect(retry(2, new Error("EMPTY_RESPONSE_DATA"))).toBe(true);
    expect(retry(3, new Error("EMPTY_RESPONSE_DATA"))).toBe(false);
  });
});
