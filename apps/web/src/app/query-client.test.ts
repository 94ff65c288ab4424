import { describe, expect, it } from "vitest";
import { MAX_TUNNEL_RETRIES, createQueryClient, shouldRetry } from "./query-client";

describe("shouldRetry (spec §7)", () => {
  it.each([
    "EMPTY_REQUEST_BODY",
    "EMPTY_ENCRYPTED_MESSAGE",
    "EMPTY_DECRYPTED_MESSAGE",
    "EMPTY_RESPONSE_DATA",
  ])("retries after %s", (message) => {
    expect(shouldRetry(0, new Error(message))).toBe(true);
  });

  it("retries after TUNNEL_ERROR with HTTP 401", () => {
    expect(
      shouldRetry(0, { code: "TUNNEL_ERROR", statusCode: 401, message: "Session expired" }),
    ).toBe(true);
    expect(
      shouldRetry(0, Object.assign(new Error("tunnel"), { code: "TUNNEL_ERROR", status: 401 })),
    ).toBe(true);
  });

  it("does not retry other errors", () => {
    expect(shouldRetry(0, { code: "TUNNEL_ERROR", statusCode: 500 })).toBe(false);
    expect(shouldRetry(0, { code: "VALIDATION_ERROR", statusCode: 400 })).toBe(false);
    expect(shouldRetry(0, new Error("An error occurred"))).toBe(false);
    expect(shouldRetry(0, null)).toBe(false);
  });

  it("stops after 3 retries", () => {
    const error = new Error("EMPTY_RESPONSE_DATA");
    expect(MAX_TUNNEL_RETRIES).toBe(3);
    expect(shouldRetry(2, error)).toBe(true);
    expect(shouldRetry(3, error)).toBe(false);
  });

  it("is the query client's rule for queries and mutations", () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries?.retry).toBe(shouldRetry);
    expect(options.mutations?.retry).toBe(shouldRetry);
  });
});
