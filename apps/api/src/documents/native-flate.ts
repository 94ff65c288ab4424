import { deflateSync } from "node:zlib";
import {
  PDFContentStream,
  type PDFDocument,
  drawImage,
  degrees,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
  typedArrayFor,
} from "pdf-lib";
import { flatImageOfPng } from "./png-image";

/**
 * Has pdf-lib compress a document's streams with node:zlib (native) instead of pako (JavaScript
 * deflate, several times slower), for documents laid out in this thread. The bytes are the same
 * format (zlib, /FlateDecode): only who compresses them changes.
 *
 * - `context.flateStream`, which compresses as soon as it is called (font files and their
 *   ToUnicode maps, PNG pixels and alpha, attached files), is replaced on this document's context
 *   by the same function over node:zlib: call this before embedding anything.
 * - The page content streams pdf-lib compresses when it writes them: call
 *   {@link compressContentStreamsNatively} once everything is drawn, just before `save`.
 */
export function useNativeFlate(document: PDFDocument): void {
  const context = document.context;
  context.flateStream = (contents, dict = {}) =>
    context.stream(deflateSync(typedArrayFor(contents)), { ...dict, Filter: "FlateDecode" });
}

/**
 * Writes every content stream of the document (pages, form XObjects) as a stream compressed now
 * with node:zlib, same dictionary (/Filter /FlateDecode), same operators. Embeds the fonts and
 * images first (`flush`, which `save` would call anyway), as that draws nothing new.
 */
export async function compressContentStreamsNatively(document: PDFDocument): Promise<void> {
  await document.flush();
  const context = document.context;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFContentStream)) continue;
    const compressed = deflateSync(object.getUnencodedContents());
    context.assign(ref, PDFRawStream.of(object.dict, compressed));
  }
}

/** An image XObject of a pdf-lib document, drawn with {@link drawImageXObject}. */
export interface ImageXObject {
  ref: PDFRef;
  width: number;
  height: number;
}

/**
 * `document.embedPng` with the pixels compressed by node:zlib (`flatImageOfPng`): the same image
 * XObject (and /SMask for the alpha) without pdf-lib's JavaScript PNG decoder and deflate. The PNGs
 * that reader leaves aside go through `embedPng` itself.
 */
export async function embedPngNatively(
  document: PDFDocument,
  png: Uint8Array,
): Promise<ImageXObject> {
  const flat = flatImageOfPng(png);
  if (flat === undefined) return document.embedPng(png);
  const context = document.context;
  const image = (colorSpace: string) => ({
    Type: "XObject",
    Subtype: "Image",
    Width: flat.width,
    Height: flat.height,
    ColorSpace: colorSpace,
    BitsPerComponent: 8,
    Filter: "FlateDecode",
  });
  const smask =
    flat.alpha === undefined
      ? undefined
      : context.register(context.stream(flat.alpha, image("DeviceGray")));
  const ref = context.register(
    context.stream(flat.data, {
      ...image(flat.colorSpace),
      ...(flat.pngPredictor
        ? {
            DecodeParms: {
              Predictor: 15,
              Colors: flat.colors,
              BitsPerComponent: 8,
              Columns: flat.width,
            },
          }
        : {}),
      ...(smask === undefined ? {} : { SMask: smask }),
    }),
  );
  return { ref, width: flat.width, height: flat.height };
}

/** Draws an image XObject in the box given, as `page.drawImage` does. */
export function drawImageXObject(
  page: PDFPage,
  image: ImageXObject,
  box: { x: number; y: number; width: number; height: number },
): void {
  const name = page.node.newXObject("Image", image.ref);
  page.pushOperators(
    ...drawImage(name, { ...box, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) }),
  );
}
