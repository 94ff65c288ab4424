import { describe, expect, it } from "vitest";
import {
  buildAssociatedData,
  buildClientFinishedAad,
  buildServerFinishedAad,
  canonicalMethod,
  canonicalPath,
  isValidSessionId,
  type AssociatedDataFields,
} from "./aad";
import { toHex, utf8 } from "./bytes";
import { isTunnelProtocolError } from "./errors";

const request: AssociatedDataFields = {
  direction: "request",
  method: "post",
  path: "/envelope/list-requests?page=2",
  sessionId: "sid-1",
  seq: 5,
};

describe("buildAssociatedData", () => {
  it("encodes a request as the documented length-prefixed byte string", () => {
    const expected = [
      "0019" + toHex(utf8("paraphe/tunnel/v1 message")), // u16 length + label
      "01", // version
      "01", // direction: request
      "0004" + toHex(utf8("POST")), // u16 length + upper-case method
      "0000001e" + toHex(utf8("/envelope/list-requests?page=2")), // u32 length + path
      "0005" + toHex(utf8("sid-1")), // u16 length + session id
      "0000000000000005", // seq
      "0000000000000005", // requestSeq = seq
      "0000", // status: none
    ].join("");
    expect(toHex(buildAssociatedData(request))).toBe(expected);
  });

  it("encodes a response with its own seq, the answered request's seq and the HTTP status", () => {
    const aad = buildAssociatedData({
      ...request,
      direction: "response",
      seq: 1,
      requestSeq: 5,
      status: 200,
    });
    const hex = toHex(aad);
    expect(hex.slice(2 * 27, 2 * 29)).toBe("0102"); // version, direction: response
    expect(hex.endsWith("0000000000000001" + "0000000000000005" + "00c8")).toBe(true);
  });

  it("changes with every bound field", () => {
    const base = toHex(buildAssociatedData(request));
    const variants: AssociatedDataFields[] = [
      { ...request, method: "PUT" },
      { ...request, path: "/envelope/list-requests?page=3" },
      { ...request, path: "/envelope/list-requests" },
      { ...request, sessionId: "sid-2" },
      { ...request, seq: 6 },
      { ...request, direction: "response", requestSeq: 5, status: 200 },
    ];
    const all = new Set([base, ...variants.map((fields) => toHex(buildAssociatedData(fields)))]);
    expect(all.size).toBe(variants.length + 1);
  });

  it("binds the response status and the answered request", () => {
    const response = {
      ...request,
      direction: "response" as const,
      seq: 0,
      requestSeq: 5,
      status: 200,
    };
    const a = toHex(buildAssociatedData(response));
    expect(toHex(buildAssociatedData({ ...response, status: 404 }))).not.toBe(a);
    expect(toHex(buildAssociatedData({ ...response, requestSeq: 4 }))).not.toBe(a);
  });

  it("treats equivalent spellings of a path and method alike", () => {
    const a = buildAssociatedData({ ...request, method: "POST", path: "/a b/./c?x=1#frag" });
    const b = buildAssociatedData({ ...request, method: "post", path: "/a%20b/c?x=1" });
    expect(toHex(a)).toBe(toHex(b));
  });

  it("refuses a response without requestSeq or status, and a request with a status", () => {
    const refuses = (fields: AssociatedDataFields) => {
      expect(() => buildAssociatedData(fields)).toThrow(
        expect.objectContaining({ reason: "INVALID_ARGUMENT" }) as Error,
      );
    };
    refuses({ ...request, direction: "response", status: 200 });
    refuses({ ...request, direction: "response", requestSeq: 1 });
    refuses({ ...request, direction: "response", requestSeq: 1, status: 99 });
    refuses({ ...request, status: 200 });
    refuses({ ...request, requestSeq: 4 });
  });

  it("refuses sequence numbers outside 0 .. 2^53 - 1", () => {
    for (const seq of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) {
      expect(() => buildAssociatedData({ ...request, seq })).toThrow(
        expect.objectContaining({ reason: "INVALID_SEQUENCE" }) as Error,
      );
    }
    expect(() => buildAssociatedData({ ...request, seq: Number.MAX_SAFE_INTEGER })).not.toThrow();
  });

  it("refuses invalid session ids", () => {
    for (const sessionId of ["", "has space", "é", "x".repeat(256)]) {
      expect(isValidSessionId(sessionId)).toBe(false);
      expect(() => buildAssociatedData({ ...request, sessionId })).toThrow();
    }
    expect(isValidSessionId("A-z_0.9~")).toBe(true);
  });
});

describe("canonicalPath", () => {
  it("keeps the path and query relative to the api base", () => {
    expect(canonicalPath("/user/profile")).toBe("/user/profile");
    expect(canonicalPath("/envelope/list?x=1&y=%C3%A9")).toBe("/envelope/list?x=1&y=%C3%A9");
    expect(canonicalPath("/a/../b?")).toBe("/b");
  });

  it("gives plain paths exactly as the URL parser canonicalises them", () => {
    const viaParser = (path: string) => {
      const url = new URL(path, "http://paraphe.invalid");
      return url.pathname + url.search;
    };
    for (const path of [
      "/envelope/list-requests",
      "/a_b~c/D-9/",
      "/x",
      "/x/./y",
      "/x/%7e",
      "/x/é",
      "/x/a b",
      "/x/..",
      "/x?",
      "/.well-known/x",
    ]) {
      expect(canonicalPath(path), path).toBe(viaParser(path));
    }
  });

  it("refuses absolute URLs, scheme-relative and relative paths", () => {
    for (const path of [
      "https://evil.example/x",
      "//evil.example/x",
      "user/profile",
      "",
      "/\\evil",
      "/\t/evil",
    ]) {
      let caught: unknown;
      try {
        canonicalPath(path);
      } catch (error) {
        caught = error;
      }
      expect(isTunnelProtocolError(caught, "INVALID_ARGUMENT"), path).toBe(true);
    }
  });
});

describe("canonicalMethod", () => {
  it("upper-cases tokens and refuses non-tokens", () => {
    expect(canonicalMethod("post")).toBe("POST");
    expect(() => canonicalMethod("PO ST")).toThrow();
    expect(() => canonicalMethod("")).toThrow();
  });
});

describe("key confirmation associated data", () => {
  it("binds the label, the version and the session id", () => {
    expect(toHex(buildServerFinishedAad("sid"))).toBe(
      "0021" +
        toHex(utf8("paraphe/tunnel/v1 server finished")) +
        "01" +
        "0003" +
        toHex(utf8("sid")),
    );
    expect(toHex(buildClientFinishedAad("sid"))).toBe(toHex(utf8("sid")));
  });
});
