import { describe, expect, it } from "vitest";
import { fromUtf8, utf8 } from "./bytes";
import { isTunnelProtocolError } from "./errors";
import {
  decodeSealedRequest,
  encodeSealedRequest,
  isValidTraceparent,
  REQUEST_META_MARKER,
} from "./request-meta";

const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

describe("request metadata inside the seal", () => {
  it("leaves a body alone when there is no metadata", () => {
    const body = utf8('{"a":1}');
    expect(encodeSealedRequest(body)).toEqual(body);
    expect(decodeSealedRequest(body)).toEqual({ meta: {}, body });
  });

  it("puts a traceparent before the body and reads both back", () => {
    const sealed = encodeSealedRequest(utf8('{"a":1}'), { traceparent: TRACEPARENT });
    expect(sealed[0]).toBe(REQUEST_META_MARKER);
    const { meta, body } = decodeSealedRequest(sealed);
    expect(meta).toEqual({ traceparent: TRACEPARENT });
    expect(fromUtf8(body)).toBe('{"a":1}');
  });

  it("gives a body that starts with the marker an empty block, so that it stays a body", () => {
    const body = new Uint8Array([0, 1, 2]);
    const sealed = encodeSealedRequest(body);
    expect(sealed.length).toBe(body.length + 5);
    expect(decodeSealedRequest(sealed)).toEqual({ meta: {}, body });
  });

  it("refuses to send an invalid traceparent, and leaves one out when received", () => {
    for (const bad of [
      "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
      "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
      "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
      "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
    ]) {
      expect(isValidTraceparent(bad)).toBe(false);
      expect(() => encodeSealedRequest(utf8("{}"), { traceparent: bad })).toThrow(
        "invalid traceparent",
      );
      const json = utf8(JSON.stringify({ traceparent: bad, other: "x" }));
      const framed = new Uint8Array([0, 0, json.length, ...json, ...utf8("{}")]);
      expect(decodeSealedRequest(framed).meta).toEqual({});
    }
    expect(isValidTraceparent(TRACEPARENT)).toBe(true);
  });

  it("rejects a block cut short, too long or not a JSON object", () => {
    const malformed = [
      new Uint8Array([0]),
      new Uint8Array([0, 0, 10, 123, 125]),
      new Uint8Array([0, 0x04, 0x01, ...new Uint8Array(1025)]),
      new Uint8Array([0, 0, 2, ...utf8("[]")]),
      new Uint8Array([0, 0, 2, ...utf8("{x")]),
    ];
    for (const bytes of malformed) {
      let thrown: unknown;
      try {
        decodeSealedRequest(bytes);
      } catch (error) {
        thrown = error;
      }
      expect(isTunnelProtocolError(thrown, "MALFORMED_FRAME")).toBe(true);
    }
  });
});
