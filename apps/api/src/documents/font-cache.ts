import { Readable } from "node:stream";
import fontkit, {
  type Font,
  type GlyphRun,
  type Subset,
  type SubsetStream,
  type TypeFeatures,
} from "@pdf-lib/fontkit";

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
 * - A subset's font file is encoded at once (`encodeStream`, see {@link encodedAtOnce}) instead
 *   of through fontkit's bundled stream, whose every step waits for a timer.
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
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => encodedAtOnce(createSubset());
  rememberGlyphOutlines(font);
  return font;
}

/** What fontkit's TrueType glyphs answer to `_decode` (their outline record), as used here. */
type DecodableGlyph = { _decode?: () => unknown };

/**
 * Each glyph's outline record (`glyf` entry: contours, or the components of a compound glyph)
 * decoded once per font and thread instead of once per subset: a subset re-reads the record of
 * every glyph it copies, only to find whether the glyph is compound, and the proof's three fonts
 * are subset again for every proof. fontkit keeps its glyph objects per font (`getGlyph` answers
 * the same object for the same id); the record is only read (fonts with variations, which
 * transform the points, are left alone), so the remembered one is the one fontkit would decode.
 */
function rememberGlyphOutlines(font: Font): void {
  if ((font as unknown as { _variationProcessor?: unknown })._variationProcessor) return;
  const getGlyph = font.getGlyph.bind(font);
  const prepared = new WeakSet<object>();
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    const decodable = glyph as unknown as DecodableGlyph;
    if (glyph !== null && !prepared.has(glyph) && typeof decodable._decode === "function") {
      prepared.add(glyph);
      const decode = decodable._decode.bind(glyph);
      let record: { value: unknown } | undefined;
      decodable._decode = () => (record ??= { value: decode() }).value;
    }
    return glyph;
  };
}

/** fontkit's encoding stream (restructure's `EncodeStream`), as far as it is used here. */
interface EncodeStream {
  push(chunk: Uint8Array | null): boolean;
  end(): void;
}
type EncodeStreamClass = new () => EncodeStream;

/** The class of fontkit's encoding streams, learnt from the first subset this thread encodes. */
let encodeStreamClass: EncodeStreamClass | undefined;

/**
 * The subset with `encodeStream` encoding the font file at once. fontkit's browser build (the one
 * pdf-lib loads) starts each encoding, and passes on each chunk, through a `process.nextTick`
 * stand-in made of `setTimeout(…, 0)`: each font file of a proof waited for timers (a millisecond
 * or more each, longer on a busy machine) on a thread with nothing else to do. Here the subset
 * writes into the same `EncodeStream` class, with `push` collecting the chunks, and the answer is
 * a Node stream of those bytes: the same bytes, handed over on the next tick. The first subset a
 * thread encodes goes through fontkit's own path, which tells the stream class.
 */
function encodedAtOnce(subset: Subset): Subset {
  const encodeStream = subset.encodeStream.bind(subset);
  const encode = (subset as unknown as { encode?: (stream: EncodeStream) => void }).encode;
  subset.encodeStream = (): SubsetStream => {
    if (encodeStreamClass === undefined || typeof encode !== "function") {
      const stream = encodeStream();
      encodeStreamClass ??= (stream as unknown as { constructor: EncodeStreamClass }).constructor;
      return stream;
    }
    const chunks: Uint8Array[] = [];
    let readable: Readable;
    try {
      const stream = new encodeStreamClass();
      stream.push = (chunk) => {
        if (chunk !== null) chunks.push(chunk);
        return true;
      };
      encode.call(subset, stream);
      stream.end();
      readable = Readable.from([Buffer.concat(chunks)]);
    } catch (error) {
      readable = new Readable({
        read() {
          this.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      });
    }
    return readable as unknown as SubsetStream;
  };
  return subset;
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
