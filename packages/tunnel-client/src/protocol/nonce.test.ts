import { describe, expect, it } from "vitest";
import { toHex } from "./bytes";
import { SERVER_FINISHED_SEQUENCE } from "./constants";
import { deriveNonce } from "./nonce";

const iv = Uint8Array.from({ length: 12 }, (_, i) => 0xa0 + i);

describe("deriveNonce", () => {
  it("is the base IV for seq 0", () => {
    expect(toHex(deriveNonce(iv, 0))).toBe(toHex(iv));
  });

  it("XORs the big-endian seq into the right end of the IV, as TLS 1.3", () => {
    expect(toHex(deriveNonce(iv, 1))).toBe("a0a1a2a3a4a5a6a7a8a9aaaa");
    expect(toHex(deriveNonce(iv, 0x0102))).toBe("a0a1a2a3a4a5a6a7a8a9aba9");
    expect(toHex(deriveNonce(iv, 2 ** 32))).toBe("a0a1a2a3a4a5a6a6a8a9aaab");
    expect(toHex(deriveNonce(iv, Number.MAX_SAFE_INTEGER))).toBe("a0a1a2a3a4ba595857565554");
  });

  it("reserves 2^64 - 1 for the server's key confirmation", () => {
    expect(toHex(deriveNonce(iv, SERVER_FINISHED_SEQUENCE))).toBe("a0a1a2a35b5a595857565554");
    expect(() => deriveNonce(iv, 5n)).toThrow();
  });

  it("gives distinct nonces for distinct sequence numbers", () => {
    const seen = new Set<string>();
    for (let seq = 0; seq < 2000; seq++) seen.add(toHex(deriveNonce(iv, seq)));
    expect(seen.size).toBe(2000);
  });

  it("refuses a base IV of another length and invalid sequence numbers", () => {
    expect(() => deriveNonce(new Uint8Array(8), 0)).toThrow();
    expect(() => deriveNonce(iv, -1)).toThrow();
    expect(() => deriveNonce(iv, Number.MAX_SAFE_INTEGER + 1)).toThrow();
  });

  it("does not modify the base IV", () => {
    const copy = new Uint8Array(iv);
    deriveNonce(iv, 12345);
    expect(toHex(iv)).toBe(toHex(copy));
  });
});
