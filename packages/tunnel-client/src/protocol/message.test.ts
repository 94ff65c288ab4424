import { beforeAll, describe, expect, it } from "vitest";
import { buildAssociatedData, type AssociatedDataFields } from "./aad";
import { fromUtf8, toHex, utf8 } from "./bytes";
import { isTunnelProtocolError, type TunnelProtocolErrorReason } from "./errors";
import { importAeadKey, type AeadKey } from "./keys";
import {
  decodeSealedMessage,
  encodeSealedMessage,
  openMessage,
  sealMessage,
  writeSealedHeader,
} from "./message";

const fields: AssociatedDataFields = {
  direction: "request",
  method: "POST",
  path: "/envelope/sign?lang=fr",
  sessionId: "session-a",
  seq: 7,
};

let key: AeadKey;
let otherKey: AeadKey;
const iv = crypto.getRandomValues(new Uint8Array(12));
const plaintext = utf8(
  JSON.stringify({ envelopeUuid: "2f1c", signature: "data:image/png;base64,AAAA" }),
);

beforeAll(async () => {
  key = await importAeadKey(crypto.getRandomValues(new Uint8Array(32)));
  otherKey = await importAeadKey(crypto.getRandomValues(new Uint8Array(32)));
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

async function expectReason(promise: Promise<unknown>, reason: TunnelProtocolErrorReason) {
  const error = await rejection(promise);
  expect(isTunnelProtocolError(error, reason), String(error)).toBe(true);
}

describe("sealed message framing", () => {
  it("is [version u8][seq u64 BE][ciphertext || tag]", async () => {
    const sealed = await sealMessage(key, iv, 7, buildAssociatedData(fields), plaintext);
    expect(sealed.length).toBe(1 + 8 + plaintext.length + 16);
    expect(toHex(sealed.subarray(0, 9))).toBe("01" + "0000000000000007");
    const decoded = decodeSealedMessage(sealed);
    expect(decoded).toMatchObject({ version: 1, seq: 7 });
    expect(toHex(encodeSealedMessage(decoded.seq, decoded.ciphertext))).toBe(toHex(sealed));
  });

  it("decodes without copying the ciphertext, and writes the header in place", async () => {
    const sealed = await sealMessage(key, iv, 2 ** 40 + 5, buildAssociatedData(fields), plaintext);
    const decoded = decodeSealedMessage(sealed);
    expect(decoded.seq).toBe(2 ** 40 + 5);
    expect(decoded.ciphertext.buffer).toBe(sealed.buffer);
    expect(decoded.ciphertext.byteOffset).toBe(sealed.byteOffset + 9);

    const frame = new Uint8Array(9 + decoded.ciphertext.length);
    writeSealedHeader(decoded.seq, frame);
    frame.set(decoded.ciphertext, 9);
    expect(toHex(frame)).toBe(toHex(sealed));
    expect(toHex(writeSealedHeader(Number.MAX_SAFE_INTEGER))).toBe("01001fffffffffffff");
    expect(() => writeSealedHeader(-1)).toThrow();
    expect(() => writeSealedHeader(1, new Uint8Array(8))).toThrow();
  });

  it("refuses frames too short, of another version, or with a seq above 2^53 - 1", () => {
    const reasonOf = (bytes: Uint8Array) => {
      try {
        decodeSealedMessage(bytes);
      } catch (error) {
        return isTunnelProtocolError(error) ? error.reason : "other";
      }
      return "accepted";
    };
    expect(reasonOf(new Uint8Array(24))).toBe("MALFORMED_FRAME");
    const frame = new Uint8Array(25);
    frame[0] = 2;
    expect(reasonOf(frame)).toBe("UNSUPPORTED_VERSION");
    frame[0] = 1;
    frame[1] = 0x00;
    frame[2] = 0x20; // 2^53
    expect(reasonOf(frame)).toBe("INVALID_SEQUENCE");
    frame[2] = 0;
    expect(reasonOf(frame)).toBe("accepted");
  });
});

describe("sealMessage / openMessage", () => {
  it("round-trips a message under the same key, IV and associated data", async () => {
    const aad = buildAssociatedData(fields);
    const sealed = await sealMessage(key, iv, 7, aad, plaintext);
    const opened = await openMessage(key, iv, sealed, aad);
    expect(fromUtf8(opened)).toBe(fromUtf8(plaintext));
    expect(fromUtf8(await openMessage(key, iv, decodeSealedMessage(sealed), aad))).toBe(
      fromUtf8(plaintext),
    );
  });

  it("uses a distinct nonce per sequence number (same plaintext, different ciphertext)", async () => {
    const a = await sealMessage(key, iv, 1, buildAssociatedData({ ...fields, seq: 1 }), plaintext);
    const b = await sealMessage(key, iv, 2, buildAssociatedData({ ...fields, seq: 2 }), plaintext);
    expect(toHex(a.subarray(9))).not.toBe(toHex(b.subarray(9)));
  });

  it("fails to open when any single bit of the sealed message is flipped", async () => {
    const aad = buildAssociatedData(fields);
    const sealed = await sealMessage(key, iv, 7, aad, utf8("{}"));
    let rejected = 0;
    for (let bit = 0; bit < sealed.length * 8; bit++) {
      const tampered = new Uint8Array(sealed);
      tampered[bit >> 3] = (tampered[bit >> 3] ?? 0) ^ (1 << (bit & 7));
      const error = await rejection(openMessage(key, iv, tampered, aad));
      expect(isTunnelProtocolError(error), `bit ${bit}`).toBe(true);
      rejected += 1;
    }
    expect(rejected).toBe(sealed.length * 8);
  });

  it("fails to open under associated data with another path, method, session id, seq or direction", async () => {
    const sealed = await sealMessage(key, iv, 7, buildAssociatedData(fields), plaintext);
    const wrong: AssociatedDataFields[] = [
      { ...fields, path: "/envelope/decline?lang=fr" },
      { ...fields, path: "/envelope/sign" },
      { ...fields, method: "PUT" },
      { ...fields, sessionId: "session-b" },
      { ...fields, seq: 8 },
      { ...fields, direction: "response", requestSeq: 7, status: 200 },
    ];
    for (const other of wrong) {
      await expectReason(
        openMessage(key, iv, sealed, buildAssociatedData(other)),
        "AUTHENTICATION_FAILED",
      );
    }
  });

  it("fails to open a response bound to another request or another status", async () => {
    const response = {
      ...fields,
      direction: "response" as const,
      seq: 0,
      requestSeq: 7,
      status: 200,
    };
    const sealed = await sealMessage(key, iv, 0, buildAssociatedData(response), plaintext);
    await expectReason(
      openMessage(key, iv, sealed, buildAssociatedData({ ...response, requestSeq: 8 })),
      "AUTHENTICATION_FAILED",
    );
    await expectReason(
      openMessage(key, iv, sealed, buildAssociatedData({ ...response, status: 500 })),
      "AUTHENTICATION_FAILED",
    );
  });

  it("fails to open under another key or another base IV", async () => {
    const aad = buildAssociatedData(fields);
    const sealed = await sealMessage(key, iv, 7, aad, plaintext);
    await expectReason(openMessage(otherKey, iv, sealed, aad), "AUTHENTICATION_FAILED");
    const otherIv = new Uint8Array(iv);
    otherIv[0] = (otherIv[0] ?? 0) ^ 1;
    await expectReason(openMessage(key, otherIv, sealed, aad), "AUTHENTICATION_FAILED");
  });

  it("detects a sequence number rewritten in the header", async () => {
    const aad = buildAssociatedData(fields);
    const sealed = await sealMessage(key, iv, 7, aad, plaintext);
    const moved = new Uint8Array(sealed);
    moved[8] = 8;
    await expectReason(
      openMessage(key, iv, moved, buildAssociatedData({ ...fields, seq: 8 })),
      "AUTHENTICATION_FAILED",
    );
  });
});
