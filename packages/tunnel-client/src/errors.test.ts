import { describe, expect, it } from "vitest";
import { isTunnelError, TUNNEL_ERROR_CODES, TunnelError } from "./errors";

describe("TunnelError", () => {
  it("has a stable code for every client-side tunnel error of spec §8 and the added ones", () => {
    expect([...TUNNEL_ERROR_CODES].sort()).toEqual(
      [
        "NO_SESSION_ID",
        "EMPTY_RESPONSE",
        "SERVER_STATUS",
        "MAX_HANDSHAKE_STEPS_REACHED",
        "FAILED_TO_ESTABLISH_SESSION",
        "CLIENT_NOT_INITIALIZED",
        "SESSION_NOT_OPEN",
        "EMPTY_REQUEST_BODY",
        "WRITE_ERROR",
        "EMPTY_RESPONSE_DATA",
        "EMPTY_DECRYPTED_MESSAGE",
        "MAX_CONSECUTIVE_FAILURES",
        "EMPTY_ENCRYPTED_MESSAGE",
        "EVIDENCE_REJECTED",
        "KEY_CONFIRMATION_FAILED",
        "DECRYPT_FAILED",
        "LOCK_TIMEOUT",
        "UNENCRYPTED_RESPONSE",
      ].sort(),
    );
  });

  it("carries code, status, transient flag and cause", () => {
    const cause = new Error("boom");
    const error = new TunnelError("SERVER_STATUS", "HTTP 503", {
      status: 503,
      transient: true,
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("TunnelError");
    expect([error.code, error.status, error.transient, error.cause]).toEqual([
      "SERVER_STATUS",
      503,
      true,
      cause,
    ]);
    expect(isTunnelError(error)).toBe(true);
    expect(isTunnelError(error, "SERVER_STATUS")).toBe(true);
    expect(isTunnelError(error, "LOCK_TIMEOUT")).toBe(false);
    expect(isTunnelError(new Error("x"))).toBe(false);
    expect(new TunnelError("LOCK_TIMEOUT", "x").transient).toBe(false);
  });
});
