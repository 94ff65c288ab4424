import { describe, expect, it } from "vitest";
import {
  AVATAR_OPTION_BOUNDS,
  FALLBACK_AVATAR_OPTIONS,
  fallbackAvatarDataUri,
  validateAvatarOptions,
  type FallbackAvatarOptions,
} from "./avatar-options";

const valid: FallbackAvatarOptions = { ...FALLBACK_AVATAR_OPTIONS };

function decode(uri: string): string {
  const prefix = "data:image/svg+xml;utf8,";
  expect(uri.startsWith(prefix)).toBe(true);
  return decodeURIComponent(uri.slice(prefix.length));
}

function issuePaths(input: unknown): string[] {
  const result = validateAvatarOptions(input);
  return result.success ? [] : result.issues.map((issue) => issue.path);
}

describe("fallback avatar options", () => {
  it("are spec §3's: size 100, scale 90, two background and two shape colours", () => {
    expect(FALLBACK_AVATAR_OPTIONS).toEqual({
      size: 100,
      scale: 90,
      backgroundColor: ["abaaff", "ffc7b5"],
      shapeColor: ["5755ff", "ff8f6b"],
    });
    expect(validateAvatarOptions(FALLBACK_AVATAR_OPTIONS)).toEqual({
      success: true,
      data: FALLBACK_AVATAR_OPTIONS,
    });
  });

  it("have the spec's bounds", () => {
    expect(AVATAR_OPTION_BOUNDS).toEqual({
      rotate: { min: 0, max: 360 },
      scale: { min: 0, max: 200 },
      radius: { min: 0, max: 50 },
      translateX: { min: -100, max: 100 },
      translateY: { min: -100, max: 100 },
    });
  });

  it.each([
    ["rotate", 0],
    ["rotate", 360],
    ["scale", 0],
    ["scale", 200],
    ["radius", 50],
    ["translateX", -100],
    ["translateY", 100],
  ])("accept %s = %d (inclusive bound)", (key, value) => {
    expect(validateAvatarOptions({ ...valid, [key]: value }).success).toBe(true);
  });

  it.each([
    ["rotate", -1],
    ["rotate", 361],
    ["scale", -1],
    ["scale", 201],
    ["radius", 51],
    ["translateX", -101],
    ["translateY", 101],
    ["rotate", 12.5],
    ["radius", "10"],
  ])("reject %s = %o", (key, value) => {
    expect(issuePaths({ ...valid, [key]: value })).toEqual([key]);
  });

  it("accepts transparent and six-digit hex colours, rejects anything else, naming each bad entry", () => {
    expect(
      validateAvatarOptions({ ...valid, backgroundColor: ["transparent", "ABCDEF"] }).success,
    ).toBe(true);
    expect(
      issuePaths({
        ...valid,
        backgroundColor: ["#abaaff", "abc", "ffc7b5"],
        shapeColor: ["5755ff", "zzzzzz"],
      }),
    ).toEqual(["backgroundColor[0]", "backgroundColor[1]", "shapeColor[1]"]);
    expect(issuePaths({ ...valid, shapeColor: [] })).toEqual(["shapeColor"]);
  });

  it("requires a positive integer size and a scale, and reports unknown options", () => {
    expect(issuePaths({ ...valid, size: 0 })).toEqual(["size"]);
    const { scale: _scale, ...withoutScale } = valid;
    expect(issuePaths(withoutScale)).toEqual(["scale"]);
    expect(issuePaths({ ...valid, rotation: 10 })).toEqual(["rotation"]);
    expect(issuePaths(null)).toEqual([""]);
  });
});

describe("fallbackAvatarDataUri", () => {
  it("draws a 100 px SVG with the spec's background and shape colours", () => {
    const svg = decode(fallbackAvatarDataUri("ada@example.com"));
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('width="100"');
    expect(svg).toContain('height="100"');
    expect(svg).toMatch(/fill="#(abaaff|ffc7b5)"/);
    expect(svg).toMatch(/fill="#(5755ff|ff8f6b)"/);
    // No colour outside the spec's palette is used for the shapes or the background.
    const fills = [...svg.matchAll(/fill="#([0-9a-f]{6})"/gi)].map((match) =>
      match[1]?.toLowerCase(),
    );
    for (const fill of fills) expect(["abaaff", "ffc7b5", "5755ff", "ff8f6b"]).toContain(fill);
  });

  it("is deterministic for a seed and differs between seeds", () => {
    expect(fallbackAvatarDataUri("ada@example.com")).toBe(fallbackAvatarDataUri("ada@example.com"));
    const seeds = ["a@x.io", "b@x.io", "c@x.io", "d@x.io", "e@x.io"];
    expect(new Set(seeds.map((seed) => fallbackAvatarDataUri(seed))).size).toBeGreaterThan(1);
  });

  it("applies valid custom options and refuses invalid ones", () => {
    const svg = decode(
      fallbackAvatarDataUri("ada@example.com", { ...valid, size: 48, radius: 50 }),
    );
    expect(svg).toContain('width="48"');
    expect(() => fallbackAvatarDataUri("ada@example.com", { ...valid, radius: 80 })).toThrow(
      /Invalid avatar options: radius/,
    );
  });
});
