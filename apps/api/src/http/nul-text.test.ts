import { describe, expect, it } from "vitest";
import { findNulText } from "./nul-text";

describe("findNulText", () => {
  it("answers the path of the first string holding U+0000", () => {
    expect(
      findNulText({ name: "ok", permissions: [{ action: "read" }, { reason: "a\u0000b" }] }),
    ).toBe("permissions.1.reason");
  });

  it("finds U+0000 in an object's key", () => {
    expect(findNulText({ conditions: { "x\u0000": 1 } })).toBe("conditions.x\u0000");
  });

  it("answers an empty path for a bare string and undefined when no text holds U+0000", () => {
    expect(findNulText("\u0000")).toBe("");
    expect(findNulText({ a: ["b", 1, null, true, { c: "d" }] })).toBeUndefined();
  });

  it("walks a body nested 100,000 deep without exhausting the stack", () => {
    let nested: unknown = "\u0000";
    for (let depth = 0; depth < 100_000; depth += 1) nested = [nested];
    expect(findNulText(nested)?.split(".")).toHaveLength(100_000);
  });
});
