import { describe, expect, it } from "vitest";
import { FIELD_TINT_ALPHA, RECIPIENT_COLORS, recipientPalette } from "./recipient-colors";

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const v = value / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** `color` at the field tint's alpha over `under`. */
function tint(color: Rgb, under: Rgb): Rgb {
  const alpha = Number.parseInt(FIELD_TINT_ALPHA, 16) / 255;
  return color.map((value, i) => alpha * value + (1 - alpha) * under[i]!) as Rgb;
}

describe("recipient colours", () => {
  // A white page, or the zinc-200 grey of a page whose preview is still loading.
  const pages: Rgb[] = [rgb("#ffffff"), rgb("#e4e4e7")];

  it.each(RECIPIENT_COLORS.map((palette) => [palette.color, palette.ink]))(
    "labels a %s field in an ink that reads at 4.5:1 on its tint (%s)",
    (color, ink) => {
      for (const page of pages) {
        expect(contrast(rgb(ink), tint(rgb(color), page))).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it("repeats the palette past its end, for any position", () => {
    expect(recipientPalette(RECIPIENT_COLORS.length)).toEqual(RECIPIENT_COLORS[0]);
    expect(recipientPalette(-1)).toEqual(RECIPIENT_COLORS[RECIPIENT_COLORS.length - 1]);
  });
});
