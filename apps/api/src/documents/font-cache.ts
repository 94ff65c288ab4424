import fontkit, { type Font, type GlyphRun, type TypeFeatures } from "@pdf-lib/fontkit";

/**
 * fontkit for pdf-lib (`document.registerFontkit`), with each font parsed once per thread and its
 * text layouts remembered across documents.
 *
 * - `create` answers the same parsed font for the same bytes (the `fonts.ts` buffers, read once):
 *   its decoded tables (cmap, GSUB, glyph outlines) are kept instead of parsed again by every proof
 *   a worker lays out. pdf-lib takes a fresh subset of it per document (`createSubset`), so nothing
 *   of one document reaches another.
 * - `layout` (shaping: pdf-lib calls it once to measure a text and again to draw it) is
 *   remembered per font and text, up to {@link LAYOUTS_PER_FONT} texts, the oldest forgotten first.
 *   pdf-lib reads the glyphs of a layout and never changes them.
 */
const LAYOUTS_PER_FONT = 4096;

/**
 * The features to pass to `embedFont`: glyph positioning (GPOS) switched off. pdf-lib draws each
 * glyph at its advance width and reads no position fontkit computes (kerning, mark placement), so
 * positioning is work whose result is thrown away; substitutions (GSUB: ligatures, contextual and
 * script forms), which choose the glyphs, stay on.
 */
export const DRAWN_FONT_FEATURES: TypeFeatures = {
  kern: false,
  mark: false,
  mkmk: false,
  curs: false,
  dist: false,
  abvm: false,
  blwm: false,
};

const parsed = new WeakMap<Uint8Array, Font>();

function remembered(font: Font): Font {
  const layout = font.layout.bind(font);
  const layouts = new Map<string, GlyphRun>();
  font.layout = (text, features) => {
    const key = `${JSON.stringify(features ?? null)}\u0000${text}`;
    let run = layouts.get(key);
    if (run === undefined) {
      run = layout(text, features);
      if (layouts.size >= LAYOUTS_PER_FONT) {
        const oldest = layouts.keys().next();
        if (oldest.done !== true) layouts.delete(oldest.value);
      }
      layouts.set(key, run);
    }
    return run;
  };
  return font;
}

export const cachedFontkit: { create(buffer: Uint8Array, postscriptName?: string): Font } = {
  create(buffer: Uint8Array, postscriptName?: string): Font {
    if (postscriptName !== undefined) return fontkit.create(buffer, postscriptName);
    let font = parsed.get(buffer);
    if (font === undefined) {
      font = remembered(fontkit.create(buffer));
      parsed.set(buffer, font);
    }
    return font;
  },
};
