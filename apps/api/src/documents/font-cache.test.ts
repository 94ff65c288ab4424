import fontkit, { type Subset } from "@pdf-lib/fontkit";
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDocument, PDFName, PDFRawStream, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { compressContentStreamsNatively, useNativeFlate } from "./native-flate";
import { renderGrey } from "../test/documents";
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

  it("encode a subset's font file to the same bytes as fontkit's own stream, at once", async () => {
    const collect = (subset: Subset) =>
      new Promise<Buffer>((resolve, reject) => {
        const parts: Uint8Array[] = [];
        (subset.encodeStream() as unknown as NodeJS.ReadableStream)
          .on("data", (part: Uint8Array) => parts.push(part))
          .on("end", () => resolve(Buffer.concat(parts)))
          .on("error", reject);
      });
    for (const name of FONTS) {
      const text = TEXTS.join(" ");
      const theirs = fontkit.create(fontBytes(name)).createSubset();
      const cached = cachedFontkit.create(fontBytes(name));
      // The first subset of a thread goes through fontkit's stream; the next ones at once.
      const first = cached.createSubset();
      const ours = cached.createSubset();
      for (const glyph of cached.layout(text, DRAWN_FONT_FEATURES).glyphs) {
        theirs.includeGlyph(glyph.id);
        first.includeGlyph(glyph.id);
        ours.includeGlyph(glyph.id);
      }
      const expected = await collect(theirs);
      expect(expected.length).toBeGreaterThan(1000);
      expect(await collect(first), name).toEqual(expected);
      expect(await collect(ours), name).toEqual(expected);
    }
  });
});

describe("streams compressed by node:zlib in pdf-lib", () => {
  async function drawn(native: boolean): Promise<Uint8Array> {
    const document = await PDFDocument.create();
    if (native) useNativeFlate(document);
    document.registerFontkit(cachedFontkit);
    const font = await document.embedFont(fontBytes("DejaVuSans"), {
      subset: true,
      features: DRAWN_FONT_FEATURES,
    });
    const page = document.addPage([300, 200]);
    page.drawText("Élodie Ç. Œuvre — déjà signé", { x: 10, y: 150, size: 14, font });
    page.drawRectangle({ x: 10, y: 20, width: 200, height: 80, color: rgb(0.2, 0.4, 0.8) });
    if (native) await compressContentStreamsNatively(document);
    return document.save({ objectsPerTick: Infinity });
  }

  it("draw the same page, with every content stream written compressed", async () => {
    const ours = await drawn(true);
    expect(renderGrey(ours, 1, 72).pixels).toEqual(renderGrey(await drawn(false), 1, 72).pixels);
    const reloaded = await PDFDocument.load(ours);
    const contents = reloaded.getPage(0).node.Contents();
    const first = contents instanceof PDFArray ? contents.get(0) : contents;
    const stream = first === undefined ? undefined : reloaded.context.lookup(first);
    expect(stream).toBeInstanceOf(PDFRawStream);
    const raw = stream as PDFRawStream;
    expect(raw.dict.get(PDFName.of("Filter"))).toBe(PDFName.of("FlateDecode"));
    expect(new TextDecoder().decode(inflateSync(raw.contents))).toMatch(/BT[\s\S]*Tj[\s\S]*ET/);
  });
});
