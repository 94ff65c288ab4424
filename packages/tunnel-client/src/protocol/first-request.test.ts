import { describe, expect, it } from "vitest";
import { concatBytes, toHex, utf8 } from "./bytes";
import { HandshakeMessageType, MAX_FIRST_REQUEST_LENGTH } from "./constants";
import { isTunnelProtocolError } from "./errors";
import {
  decodeClientFinished,
  decodeClientFinishedWithRequest,
  decodeServerFinished,
  decodeServerFinishedWithResponse,
  decodeServerHello,
  encodeClientFinished,
  encodeClientFinishedWithRequest,
  encodeHandshakeFrame,
  encodeServerFinishedWithResponse,
  encodeServerHello,
  handshakeFrameType,
  type FirstRequest,
} from "./handshake";
import { encodeSealedMessage } from "./message";

const reasonOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    return isTunnelProtocolError(error) ? error.reason : "other";
  }
  return "accepted";
};

const enc = Uint8Array.from({ length: 32 }, (_, i) => i);
const confirmation = new Uint8Array(48).fill(0xcc);
const sealed = encodeSealedMessage(0, new Uint8Array(20).fill(0xab));
const request: FirstRequest = {
  method: "POST",
  path: "/envelope/open",
  headers: [
    ["accept-language", "fr"],
    ["x-timestamp", "1700000000"],
  ],
  sealed,
};

describe("the server hello's offer of a first request", () => {
  it("advertises maxFirstRequestLength beside the evidence, and an older hello has none", () => {
    const evidence = { hpkePublicKey: "a", clientNonce: "b" };
    const offered = encodeServerHello({ evidence, maxFirstRequestLength: 65536 });
    expect(decodeServerHello(offered)).toEqual({ evidence, maxFirstRequestLength: 65536 });
    expect(decodeServerHello(encodeServerHello({ evidence }))).toEqual({ evidence });
    for (const value of ["0", "-1", "1.5", '"65536"', "null"]) {
      const text = `{"evidence":{"hpkePublicKey":"a","clientNonce":"b"},"maxFirstRequestLength":${value}}`;
      const hello = encodeHandshakeFrame(HandshakeMessageType.ServerHello, utf8(text));
      expect(decodeServerHello(hello), value).toEqual({ evidence });
    }
  });
});

describe("ClientFinishedWithRequest (type 5)", () => {
  it("is the ClientFinished's payload followed by the request part", () => {
    const bytes = encodeClientFinishedWithRequest({ enc, confirmation, request });
    const keys = encodeClientFinished({ enc, confirmation });
    expect(handshakeFrameType(bytes)).toBe(5);
    expect(toHex(bytes.subarray(6, 88))).toBe(toHex(keys.subarray(6)));
    const part = concatBytes(
      utf8("\x00\x04POST\x00\x0e/envelope/open\x02"),
      utf8("\x00\x0faccept-language\x00\x02fr"),
      utf8("\x00\x0bx-timestamp\x00\x0a1700000000"),
      sealed,
    );
    expect(toHex(bytes.subarray(88))).toBe(toHex(part));
    expect(decodeClientFinishedWithRequest(bytes)).toEqual({ enc, confirmation, request });
    // Neither decoder takes the other's frame.
    expect(reasonOf(() => decodeClientFinished(bytes))).toBe("UNEXPECTED_MESSAGE_TYPE");
    expect(reasonOf(() => decodeClientFinishedWithRequest(keys))).toBe("UNEXPECTED_MESSAGE_TYPE");
  });

  it("refuses a request the server must not run: another header, GET, a path not canonical, a seq other than 0", () => {
    const variants: Array<[string, FirstRequest]> = [
      ["cookie", { ...request, headers: [["cookie", "a=b"]] }],
      ["x-forwarded-for", { ...request, headers: [["x-forwarded-for", "10.0.0.1"]] }],
      ["upper-case name", { ...request, headers: [["Accept", "*/*"]] }],
      [
        "twice",
        {
          ...request,
          headers: [
            ["accept", "a"],
            ["accept", "b"],
          ],
        },
      ],
      ["new line", { ...request, headers: [["accept", "a\r\nx: y"]] }],
      ["GET", { ...request, method: "GET" }],
      ["lower-case method", { ...request, method: "post" }],
      ["dot segments", { ...request, path: "/a/../tunnel/session" }],
      ["absolute URL", { ...request, path: "http://evil.example/x" }],
      ["seq 1", { ...request, sealed: encodeSealedMessage(1, new Uint8Array(20)) }],
      ["not sealed", { ...request, sealed: new Uint8Array(8) }],
    ];
    for (const [what, variant] of variants) {
      expect(
        reasonOf(() => encodeClientFinishedWithRequest({ enc, confirmation, request: variant })),
        what,
      ).toBe("INVALID_ARGUMENT");
      // The same bytes, built by hand, are refused by the server's decoder.
      const part = concatBytes(
        utf8(`\x00${String.fromCharCode(variant.method.length)}${variant.method}`),
        utf8(`\x00${String.fromCharCode(variant.path.length)}${variant.path}`),
        new Uint8Array([variant.headers.length]),
        ...variant.headers.map(([name, value]) =>
          utf8(
            `\x00${String.fromCharCode(name.length)}${name}\x00${String.fromCharCode(value.length)}${value}`,
          ),
        ),
        variant.sealed,
      );
      const frame = encodeHandshakeFrame(
        HandshakeMessageType.ClientFinishedWithRequest,
        concatBytes(encodeClientFinished({ enc, confirmation }).subarray(6), part),
      );
      expect(
        reasonOf(() => decodeClientFinishedWithRequest(frame)),
        what,
      ).toBe("MALFORMED_FRAME");
    }
  });

  it("refuses a request part cut short or larger than MAX_FIRST_REQUEST_LENGTH", () => {
    const bytes = encodeClientFinishedWithRequest({ enc, confirmation, request });
    const payload = bytes.subarray(6);
    for (const cut of [1, 40, 81, 83, 90, 100]) {
      const frame = encodeHandshakeFrame(
        HandshakeMessageType.ClientFinishedWithRequest,
        payload.subarray(0, cut),
      );
      expect(
        reasonOf(() => decodeClientFinishedWithRequest(frame)),
        String(cut),
      ).toBe("MALFORMED_FRAME");
    }
    const large = {
      ...request,
      sealed: encodeSealedMessage(0, new Uint8Array(MAX_FIRST_REQUEST_LENGTH)),
    };
    expect(
      reasonOf(() => encodeClientFinishedWithRequest({ enc, confirmation, request: large })),
    ).toBe("INVALID_ARGUMENT");
    const frame = encodeHandshakeFrame(
      HandshakeMessageType.ClientFinishedWithRequest,
      concatBytes(payload.subarray(0, 82), new Uint8Array(MAX_FIRST_REQUEST_LENGTH + 1)),
    );
    expect(reasonOf(() => decodeClientFinishedWithRequest(frame))).toBe("MALFORMED_FRAME");
  });
});

describe("ServerFinishedWithResponse (type 6)", () => {
  it("is the confirmation, u16 status, u8 encrypted flag and the answer's body", () => {
    const body = utf8('{"ok":true}');
    const bytes = encodeServerFinishedWithResponse({
      confirmation,
      response: { status: 201, encrypted: true, body },
    });
    expect(handshakeFrameType(bytes)).toBe(6);
    expect(toHex(bytes.subarray(6 + 48, 6 + 51))).toBe("00c9" + "01");
    expect(decodeServerFinishedWithResponse(bytes)).toEqual({
      confirmation,
      response: { status: 201, encrypted: true, body },
    });
    expect(reasonOf(() => decodeServerFinished(bytes))).toBe("UNEXPECTED_MESSAGE_TYPE");
  });

  it("refuses a frame cut short, a status out of range or another flag", () => {
    const good = encodeServerFinishedWithResponse({
      confirmation,
      response: { status: 400, encrypted: false, body: utf8("{}") },
    });
    const payload = good.subarray(6);
    const frame = (bytes: Uint8Array) =>
      encodeHandshakeFrame(HandshakeMessageType.ServerFinishedWithResponse, bytes);
    expect(reasonOf(() => decodeServerFinishedWithResponse(frame(payload.subarray(0, 50))))).toBe(
      "MALFORMED_FRAME",
    );
    const flag = new Uint8Array(payload);
    flag[50] = 2;
    expect(reasonOf(() => decodeServerFinishedWithResponse(frame(flag)))).toBe("MALFORMED_FRAME");
    const status = new Uint8Array(payload);
    status[48] = 0x03;
    status[49] = 0x00; // 768
    expect(reasonOf(() => decodeServerFinishedWithResponse(frame(status)))).toBe("MALFORMED_FRAME");
    expect(
      reasonOf(() =>
        encodeServerFinishedWithResponse({
          confirmation,
          response: { status: 99, encrypted: false, body: new Uint8Array(0) },
        }),
      ),
    ).toBe("INVALID_ARGUMENT");
  });
});
