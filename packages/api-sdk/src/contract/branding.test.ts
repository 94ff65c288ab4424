import { describe, expect, it } from "vitest";
import {
  brandColorReport,
  contrastRatio,
  MIN_TEXT_CONTRAST,
  readableVariant,
  saveBrandingRequestSchema,
} from "./branding";

describe("brand colours", () => {
  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("darkens a light colour until white text on it reaches 4.5:1, and keeps a dark one", () => {
    for (const light of ["#ffd700", "#00ff00", "#ffffff", "#87ceeb"]) {
      const report = brandColorReport(light);
      expect(report.adjusted).toBe(true);
      expect(report.withWhite).toBeLessThan(MIN_TEXT_CONTRAST);
      expect(contrastRatio(report.readableColor, "#ffffff")).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
    for (const dark of ["#1e3a8a", "#000000", "#7f1d1d"]) {
      const report = brandColorReport(dark);
      expect(report.adjusted).toBe(false);
      expect(report.readableColor).toBe(dark);
      expect(report.withWhite).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it("lightens a dark colour against a dark background", () => {
    const variant = readableVariant("#1e3a8a", "#111827");
    expect(contrastRatio(variant, "#111827")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it("accepts #rrggbb (lower-cased) and https links only", () => {
    const base = { showPoweredBy: true };
    expect(saveBrandingRequestSchema.parse({ ...base, color: "#ABCDEF" }).color).toBe("#abcdef");
    expect(saveBrandingRequestSchema.safeParse({ ...base, color: "red" }).success).toBe(false);
    const http = saveBrandingRequestSchema.safeParse({ ...base, websiteUrl: "http://a.example" });
    expect(http.error?.issues[0]?.message).toBe("https_required");
    expect(
      saveBrandingRequestSchema.safeParse({ ...base, privacyUrl: "javascript:alert(1)" }).success,
    ).toBe(false);
    expect(saveBrandingRequestSchema.parse({ ...base, websiteUrl: "" }).websiteUrl).toBeNull();
    expect(saveBrandingRequestSchema.safeParse({ ...base, footer: "a\nb" }).success).toBe(false);
  });
});
