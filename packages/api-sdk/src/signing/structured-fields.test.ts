import { describe, expect, it } from "vitest";
import {
  decodeBase64,
  isInnerList,
  parseDictionary,
  parseItem,
  serializeBareItem,
  serializeInnerList,
  serializeInteger,
  serializeKey,
  serializeString,
  StructuredFieldError,
  type SfInnerList,
  type SfItem,
} from "./structured-fields";

describe("parseDictionary", () => {
  it("reads a Signature-Input: an inner list of strings with integer and string parameters", () => {
    const dictionary = parseDictionary(
      'sig1=("@method" "@authority" "x-timestamp");created=1700000000;keyid="AK\\"1";alg="hmac-sha256", other=?1',
    );
    const member = dictionary.get("sig1");
    expect(member && isInnerList(member)).toBe(true);
    const list = member as SfInnerList;
    expect(list.items.map((item) => item.value)).toEqual(["@method", "@authority", "x-timestamp"]);
    expect(Object.fromEntries(list.params)).toEqual({
      created: 1700000000,
      keyid: 'AK"1',
      alg: "hmac-sha256",
    });
    expect((dictionary.get("other") as SfItem).value).toBe(true);
  });

  it("reads byte sequences, tokens, decimals, booleans and bare keys", () => {
    const dictionary = parseDictionary("sha-256=:AAEC:, t=text/plain, d=-1.25, f=?0, flag;p=1");
    expect((dictionary.get("sha-256") as SfItem).value).toEqual(new Uint8Array([0, 1, 2]));
    expect((dictionary.get("t") as SfItem).value).toEqual({ type: "token", value: "text/plain" });
    expect((dictionary.get("d") as SfItem).value).toEqual({ type: "decimal", value: -1.25 });
    expect((dictionary.get("f") as SfItem).value).toBe(false);
    const flag = dictionary.get("flag") as SfItem;
    expect(flag.value).toBe(true);
    expect(flag.params.get("p")).toBe(1);
  });

  it("accepts integers up to 15 digits and refuses 16 (RFC 8941 range ±999,999,999,999,999)", () => {
    expect((parseDictionary("a=999999999999999").get("a") as SfItem).value).toBe(
      999_999_999_999_999,
    );
    expect((parseDictionary("a=-999999999999999").get("a") as SfItem).value).toBe(
      -999_999_999_999_999,
    );
    expect(() => parseDictionary("a=1000000000000000")).toThrow(/integer out of range/);
    expect(() => parseDictionary("a=-1000000000000000")).toThrow(StructuredFieldError);
  });

  it.each([
    ["a trailing comma", "a=1,"],
    ["a duplicate key", "a=1, a=2"],
    ["a duplicate parameter", 'a=("x");k=1;k=2'],
    ["an upper-case key", "A=1"],
    ["an unterminated string", 'a="x'],
    ["a bad escape", 'a="\\x"'],
    ["a non-ASCII character in a string", 'a="é"'],
    ["an unterminated inner list", 'a=("x" "y"'],
    ["items glued together in an inner list", 'a=("x""y")'],
    ["an invalid byte sequence", "a=:not base64:"],
    ["a decimal with four fraction digits", "a=1.2345"],
    ["garbage after the value", "a=1 b"],
    ["an invalid boolean", "a=?2"],
  ])("refuses %s", (_name, input) => {
    expect(() => parseDictionary(input)).toThrow(StructuredFieldError);
  });
});

describe("parseItem", () => {
  it("reads an integer item surrounded by spaces", () => {
    expect(parseItem(" 1700000000 ").value).toBe(1700000000);
  });

  it("refuses an integer of 16 digits", () => {
    expect(() => parseItem("1000000000000000")).toThrow(StructuredFieldError);
  });
});

describe("serialisation", () => {
  it("writes integers within the range and refuses others", () => {
    expect(serializeInteger(999_999_999_999_999)).toBe("999999999999999");
    expect(serializeInteger(-5)).toBe("-5");
    expect(() => serializeInteger(1_000_000_000_000_000)).toThrow(RangeError);
    expect(() => serializeInteger(1.5)).toThrow(RangeError);
  });

  it("escapes quotes and backslashes in strings and refuses non-ASCII text", () => {
    expect(serializeString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(() => serializeString("café")).toThrow(TypeError);
    expect(() => serializeString("a\nb")).toThrow(TypeError);
  });

  it("refuses keys RFC 8941 does not allow", () => {
    expect(serializeKey("sig1")).toBe("sig1");
    expect(() => serializeKey("Sig1")).toThrow(TypeError);
  });

  it("writes bare items of every type", () => {
    expect(serializeBareItem(new Uint8Array([0, 1, 2]))).toBe(":AAEC:");
    expect(serializeBareItem(true)).toBe("?1");
    expect(serializeBareItem({ type: "token", value: "a/b" })).toBe("a/b");
    expect(serializeBareItem({ type: "decimal", value: 2 })).toBe("2.0");
    expect(serializeBareItem({ type: "decimal", value: 1.23456 })).toBe("1.235");
  });

  it("writes back what it parsed for an inner list", () => {
    const text = '("@method" "content-type");created=1;keyid="k";alg="hmac-sha256"';
    const member = parseDictionary(`sig1=${text}`).get("sig1") as SfInnerList;
    expect(serializeInnerList(member)).toBe(text);
  });
});

describe("decodeBase64", () => {
  it("decodes with or without padding and refuses other text", () => {
    expect(decodeBase64("AAE=")).toEqual(new Uint8Array([0, 1]));
    expect(decodeBase64("AAE")).toEqual(new Uint8Array([0, 1]));
    expect(decodeBase64("A")).toBeNull();
    expect(decodeBase64("AA-_")).toBeNull();
    expect(decodeBase64("AAE==")).toBeNull();
  });
});
