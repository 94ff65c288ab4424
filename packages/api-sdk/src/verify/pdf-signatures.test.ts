import { describe, expect, it } from "vitest";
import { parsePdfDate } from "./pdf-signatures";

describe("PDF dates", () => {
  it("reads D:YYYYMMDDHHmmSS with a Z or an offset", () => {
    expect(parsePdfDate("D:20261122100200Z")?.toISOString()).toBe("2026-11-22T10:02:00.000Z");
    expect(parsePdfDate("D:20261122110200+01'00'")?.toISOString()).toBe("2026-11-22T10:02:00.000Z");
    expect(parsePdfDate("D:20261122050200-05'00")?.toISOString()).toBe("2026-11-22T10:02:00.000Z");
    expect(parsePdfDate("D:2026")?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });

  it("refuses what is not a PDF date", () => {
    expect(parsePdfDate("yesterday")).toBeUndefined();
    expect(parsePdfDate("D:20261")).toBeUndefined();
  });
});
