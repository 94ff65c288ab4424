import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LONGEST_FILES, longRank } from "./sequencer";

const API_DIR = path.join(import.meta.dirname, "..", "..");

describe("the order of the api's test files", () => {
  it("names only test files that exist", () => {
    expect(LONGEST_FILES.filter((file) => !existsSync(path.join(API_DIR, file)))).toEqual([]);
  });

  it("starts the fuzzing suite, a short file, before any file outside the list", () => {
    const fuzz = longRank(API_DIR, path.join(API_DIR, "src/test/fuzz/fuzz.test.ts"));
    const other = longRank(API_DIR, path.join(API_DIR, "src/config.test.ts"));
    expect(fuzz).toBe(0);
    expect(other).toBe(LONGEST_FILES.length);
  });
});
