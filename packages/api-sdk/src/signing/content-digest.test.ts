import { describe, expect, it } from "vitest";
import {
  checkContentDigest,
  checkLegacyDigest,
  computeContentDigest,
  computeLegacyDigest,
} from "./content-digest";

const encoder = new TextEncoder();
// RFC 9530 §2 example body and its SHA-256.
const body = encoder.encode('{"hello": "world"}');
const SHA256_B64 = "X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=";

describe("computeContentDigest", () => {
  it("gives RFC 9530's sha-256 byte sequence of the body", async () => {
    expect(await computeContentDigest(body)).toBe(`sha-256=:${SHA256_B64}:`);
  });

  it("digests an empty body", async () => {
    expect(await computeContentDigest(new Uint8Array())).toBe(
      "sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:",
    );
  });
});

describe("computeLegacyDigest", () => {
  it("gives the RFC 3230 form SHA-256=base64", async () => {
    expect(await computeLegacyDigest(body)).toBe(`SHA-256=${SHA256_B64}`);
  });
});

describe("checkContentDigest", () => {
  it("accepts the body's digest, among other algorithms' members", async () => {
    expect(await checkContentDigest(`sha-512=:AAAA:, sha-256=:${SHA256_B64}:`, body)).toEqual({
      ok: true,
    });
  });

  it("reports a different body as a mismatch", async () => {
    const other = encoder.encode('{"hello": "World"}');
    expect(await checkContentDigest(`sha-256=:${SHA256_B64}:`, other)).toMatchObject({
      ok: false,
      reason: "mismatch",
    });
  });

  it("reports a value without a sha-256 byte sequence, or that does not parse, as malformed", async () => {
    for (const value of [
      "sha-512=:AAAA:",
      `sha-256="${SHA256_B64}"`,
      `SHA-256=${SHA256_B64}`,
      "",
    ]) {
      expect(await checkContentDigest(value, body)).toMatchObject({
        ok: false,
        reason: "malformed",
      });
    }
  });
});

describe("checkLegacyDigest", () => {
  it("accepts the body's digest whatever the algorithm name's case", async () => {
    expect(await checkLegacyDigest(`MD5=abcd, sha-256=${SHA256_B64}`, body)).toEqual({ ok: true });
  });

  it("reports a mismatch and a value without a SHA-256 entry", async () => {
    expect(await checkLegacyDigest(`SHA-256=${SHA256_B64}`, new Uint8Array([1]))).toMatchObject({
      reason: "mismatch",
    });
    expect(await checkLegacyDigest("MD5=abcd", body)).toMatchObject({ reason: "malformed" });
    expect(await checkLegacyDigest("SHA-256=***", body)).toMatchObject({ reason: "malformed" });
  });
});
