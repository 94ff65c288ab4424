import { describe, expect, it } from "vitest";
import { screenPreviewWidth } from "./preview-width";

describe("the preview width of a screen", () => {
  it("is its width in device pixels rounded up to one of the contract's widths", () => {
    expect(screenPreviewWidth({ innerWidth: 390, devicePixelRatio: 1 })).toBe(480);
    expect(screenPreviewWidth({ innerWidth: 360, devicePixelRatio: 2 })).toBe(720);
    expect(screenPreviewWidth({ innerWidth: 390, devicePixelRatio: 3 })).toBe(1000);
    expect(screenPreviewWidth({ innerWidth: 1440, devicePixelRatio: 2 })).toBe(1000);
  });
});
