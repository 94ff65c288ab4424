import fontkit from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import { cachedFontkit, DRAWN_FONT_FEATURES } from "./font-cache";
import { fontBytes, type FontName } from "./fonts";

const TEXTS = [
  "Office affluent fjord, waffle: ffi ffl",
  "Élodie Ç. Œuvre — « déjà signé » à 10 h 05",
  "Ἀθῆναι, Ελληνικά; Москва, Ёлка",
  "مرحبا بالعالم",
  "שלום עולם",
  "a\u0301 e\u0308 n\u0303 (combining marks)",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15",
];
const FONTS: FontName[] = ["DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono"];

describe("the proof's fonts", () => {
  it("choose the same glyphs, with the same advances, with glyph positioning off", () => {
    for (const name of FONTS) {
      const font = fontkit.create(fontBytes(name));
      for (const text of TEXTS) {
        const drawn = font.layout(text, DRAWN_FONT_FEATURES).glyphs;
        const shaped = font.layout(text).glyphs;
        expect(
          drawn.map((glyph) => [glyph.id, glyph.advanceWidth]),
          `${name}: ${text}`,
        ).toEqual(shaped.map((glyph) => [glyph.id, glyph.advanceWidth]));
      }
    }
  });

  it("are parsed once per thread and each text laid out once per font", () => {
    const bytes = fontBytes("DejaVuSans");
    const font = cachedFontkit.create(bytes);
    expect(cachedFontkit.create(bytes)).toBe(font);
    const first = font.layout("Signed by Ada", DRAWN_FONT_FEATURES);
    expect(font.layout("Signed by Ada", DRAWN_FONT_FEATURES)).toBe(first);
    expect(font.layout("Signed by Ada")).not.toBe(first);
    expect(cachedFontkit.create(fontBytes("DejaVuSans-Bold"))).not.toBe(font);
  });

  it("forget the oldest layouts past their bound, and lay them out again the same", () => {
    const font = cachedFontkit.create(fontBytes("DejaVuSansMono"));
    const first = font.layout("line 0");
    for (let index = 1; index <= 4096; index++) font.layout(`line ${index}`);
    const again = font.layout("line 0");
    expect(again).not.toBe(first);
    expect(again.glyphs.map((glyph) => glyph.id)).toEqual(first.glyphs.map((glyph) => glyph.id));
  });
});
