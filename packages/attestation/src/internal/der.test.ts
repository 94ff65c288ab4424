import { describe, expect, it } from "vitest";

import { fromHex, toHex } from "./bytes";
import {
  DER_MAX_DEPTH,
  DER_TAG,
  DerError,
  decodeOid,
  encodeDer,
  encodeOid,
  parseDer,
  readSmallInteger,
} from "./der";

const hex = (value: string): Uint8Array => fromHex(value.replace(/\s/g, "")) ?? new Uint8Array();

describe("parseDer", () => {
  it("reads a nested element, its children and their content as views of the input", () => {
    const element = parseDer(hex("30 08 02 01 05 04 03 aa bb cc"));

    expect(element.tag).toBe(DER_TAG.sequence);
    expect(element.children.map((child) => child.tag)).toEqual([
      DER_TAG.integer,
      DER_TAG.octetString,
    ]);
    expect(toHex(element.children[1]?.content ?? new Uint8Array())).toBe("aabbcc");
    expect(toHex(element.children[1]?.der ?? new Uint8Array())).toBe("0403aabbcc");
  });

  it("reads lengths in long form", () => {
    const content = new Uint8Array(300).fill(7);
    const element = parseDer(encodeDer(DER_TAG.octetString, content));

    expect(element.content).toEqual(content);
    expect(toHex(encodeDer(DER_TAG.octetString, content).subarray(0, 4))).toBe("0482012c");
  });

  it.each([
    ["an empty input", ""],
    ["a tag alone", "30"],
    ["content shorter than its length", "04 05 aa bb"],
    ["a long-form length cut short", "04 82 01"],
    ["a child running past its parent", "30 03 04 05 aa bb cc dd ee"],
    ["a child whose header is cut by its parent's end", "30 01 04 00"],
  ])("refuses %s", (_label, input) => {
    expect(() => parseDer(hex(input))).toThrow(DerError);
  });

  it("refuses indefinite lengths", () => {
    expect(() => parseDer(hex("30 80 02 01 05 00 00"))).toThrow(/indefinite/);
  });

  it.each([
    ["a long form for a short length", "04 81 03 aa bb cc"],
    ["a length with a leading zero byte", `04 82 00 81 ${"aa".repeat(0x81)}`],
  ])("refuses overlong lengths: %s", (_label, input) => {
    expect(() => parseDer(hex(input))).toThrow(/shortest form/);
  });

  it("refuses lengths of more than three octets", () => {
    expect(() => parseDer(hex("04 84 00 00 00 01 aa"))).toThrow(/too large/);
  });

  it("refuses bytes after the element, at the top and inside a child's declared span", () => {
    expect(() => parseDer(hex("02 01 05 00"))).toThrow(/after the end/);
    expect(() => parseDer(hex("30 04 02 01 05 ff"))).toThrow(DerError);
  });

  it("refuses high tag numbers", () => {
    expect(() => parseDer(hex("1f 21 00"))).toThrow(/high tag/);
  });

  it(`accepts ${DER_MAX_DEPTH} levels of nesting and refuses one more`, () => {
    const nest = (levels: number): Uint8Array => {
      let element = encodeDer(DER_TAG.null);
      for (let level = 0; level < levels; level++) element = encodeDer(DER_TAG.sequence, element);
      return element;
    };

    expect(() => parseDer(nest(DER_MAX_DEPTH))).not.toThrow();
    expect(() => parseDer(nest(DER_MAX_DEPTH + 1))).toThrow(/nesting/);
  });
});

describe("OBJECT IDENTIFIERs", () => {
  it.each([
    ["1.2.840.113549.1.1.10", "2a864886f70d01010a"],
    ["1.3.132.0.34", "2b81040022"],
    ["2.5.4.3", "550403"],
    ["1.3.6.1.4.1.3704.1.3.8", "2b060104019c78010308"],
  ])("decodes and encodes %s", (oid, content) => {
    expect(decodeOid(hex(content))).toBe(oid);
    expect(toHex(encodeOid(oid))).toBe(
      `06${(content.length / 2).toString(16).padStart(2, "0")}${content}`,
    );
  });

  it("refuses empty, truncated and non-minimal OIDs", () => {
    expect(() => decodeOid(new Uint8Array())).toThrow(DerError);
    expect(() => decodeOid(hex("2a 86"))).toThrow(/truncated/);
    expect(() => decodeOid(hex("2a 80 01"))).toThrow(/shortest form/);
  });
});

describe("readSmallInteger", () => {
  const integer = (content: string) =>
    parseDer(hex(`02 ${(content.length / 2).toString(16).padStart(2, "0")} ${content}`));

  it("reads minimal non-negative integers", () => {
    expect(readSmallInteger(integer("00"), "n")).toBe(0);
    expect(readSmallInteger(integer("30"), "n")).toBe(48);
    expect(readSmallInteger(integer("0080"), "n")).toBe(128);
  });

  it("refuses negative, padded and empty integers", () => {
    expect(() => readSmallInteger(integer("80"), "n")).toThrow(/negative/);
    expect(() => readSmallInteger(integer("0001"), "n")).toThrow(/shortest form/);
    expect(() => readSmallInteger(parseDer(hex("02 00")), "n")).toThrow(DerError);
  });
});
