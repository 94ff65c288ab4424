import {
  type EmbeddedFont,
  PDF,
  PDFImage,
  type PDFPage,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  PdfStream,
  ops,
  rgb,
} from "@libpdf/core";
import { z } from "zod";
import { fontBytes } from "./fonts";
import { normalizedRotation, sha256Hex } from "./inspect";
import { flatImageOfPng } from "./png-image";
import { truncateToWidth, wrapText } from "./text-layout";

/** Kinds of field the editor places. Signature, initials and image carry a PNG; the rest text. */
export const FIELD_KINDS = [
  "signature",
  "initials",
  "text",
  "name",
  "email",
  "date",
  "checkbox",
  "image",
  "radio",
  "dropdown",
  "number",
  "phone",
  "readonly",
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

const fraction = z.number().min(0).max(1);

/**
 * A filled field to draw. Position and size are fractions of the displayed page (0..1, origin at
 * the top-left corner), as the editor places them; `page` is 0-based. A date arrives formatted
 * by the caller. A checkbox is checked when its value is "true"; a radio group's value is the option
 * chosen.
 */
export const stampFieldSchema = z
  .object({
    page: z.number().int().min(0),
    x: fraction,
    y: fraction,
    width: fraction.refine((value) => value > 0, "width must be positive"),
    height: fraction.refine((value) => value > 0, "height must be positive"),
    kind: z.enum(FIELD_KINDS),
    value: z.union([
      z.string(),
      z.object({
        png: z.custom<Uint8Array>((value) => value instanceof Uint8Array, "png must be bytes"),
      }),
    ]),
  })
  .refine((field) => field.x + field.width <= 1.0001 && field.y + field.height <= 1.0001, {
    message: "the field must lie within its page",
  });
export type StampField = z.infer<typeof stampFieldSchema>;

const INK = rgb(0.07, 0.09, 0.15);
/** Smallest font size text is shrunk to before it is cut with an ellipsis. */
const MIN_FONT_SIZE = 4;

/**
 * Draws filled fields into a PDF (@libpdf/core, DejaVu Sans embedded as a subset) and returns the
 * new bytes: the drawing is appended as an incremental update, so the original bytes stay as they
 * were and signatures already in the file stay valid. Images are fitted into their box keeping
 * their aspect ratio, each distinct image embedded once; text is shrunk to fit (one line when it
 * can, else wrapped on words); a checked checkbox is drawn as a check mark in a square, a radio
 * group's choice as a marked radio button followed by the option's text. Works on
 * rotated pages: positions are those of the page as displayed.
 */
export async function stampFields(
  pdfBytes: Uint8Array,
  fields: readonly StampField[],
): Promise<Uint8Array> {
  const parsed = parseStampFields(fields);
  const document = await PDF.load(pdfBytes);
  drawFields(document, parsed);
  return document.save({ incremental: true, subsetFonts: true });
}

/** The fields checked against {@link stampFieldSchema} (a ZodError for the first bad one). */
export function parseStampFields(fields: readonly StampField[]): StampField[] {
  return fields.map((field) => stampFieldSchema.parse(field));
}

/**
 * The drawing of `stampFields` on a loaded document, left unsaved: the caller saves it, or seals
 * it (`stampAndSealInThisThread`), which writes the drawing and the seal in one incremental
 * update. The fonts are made subsets (`fonts.finalize(true)`) here, as `save` with `subsetFonts`
 * would, so that whichever save comes next writes the same font objects.
 */
export function drawFields(document: PDF, parsed: readonly StampField[]): void {
  const pages = document.getPages();
  let font: EmbeddedFont | undefined;
  const images = new EmbeddedImages(document);
  const prepared = new Set<PDFPage>();

  for (const field of parsed) {
    const page = pages[field.page];
    if (!page) {
      throw new RangeError(`A field is on page ${field.page + 1}; the PDF has ${pages.length}.`);
    }
    const space = displayedSpace(page);
    // Box in displayed space, origin bottom-left, y up.
    const box = {
      x: field.x * space.width,
      y: (1 - field.y - field.height) * space.height,
      width: field.width * space.width,
      height: field.height * space.height,
    };

    if (!prepared.has(page)) {
      isolateExistingContent(page);
      prepared.add(page);
    }
    page.drawOperators([ops.pushGraphicsState(), ops.concatMatrix(...space.matrix)]);
    if (typeof field.value !== "string") {
      const image = images.embed(field.value.png);
      const scale = Math.min(box.width / image.width, box.height / image.height);
      const width = image.width * scale;
      const height = image.height * scale;
      page.drawImage(image, {
        x: box.x + (box.width - width) / 2,
        y: box.y + (box.height - height) / 2,
        width,
        height,
      });
    } else if (field.kind === "checkbox") {
      drawCheckbox(page, box, field.value === "true");
    } else if (field.kind === "radio") {
      const text = field.value.replace(/\s+/g, " ").trim();
      const side = drawRadioMark(page, box);
      if (text !== "" && box.width > side * 1.5) {
        font ??= document.embedFont(fontBytes("DejaVuSans"));
        drawFittedText(page, font, text, {
          ...box,
          x: box.x + side * 1.2,
          width: box.width - side * 1.2,
        });
      }
    } else if (field.value.trim() !== "") {
      font ??= document.embedFont(fontBytes("DejaVuSans"));
      drawFittedText(page, font, field.value.replace(/\s+/g, " ").trim(), box);
    }
    page.drawOperators([ops.popGraphicsState()]);
  }
  if (font !== undefined) document.fonts.finalize(true);
}

/**
 * Each distinct PNG decoded and embedded once, however many stamps show it (a signer's initials
 * on every page are one image XObject drawn on each page). Known by identity first, then by
 * content (SHA-256), so copies of the same bytes share it too.
 */
class EmbeddedImages {
  private readonly byArray = new WeakMap<Uint8Array, PDFImage>();
  private readonly byDigest = new Map<string, PDFImage>();

  constructor(private readonly document: PDF) {}

  embed(png: Uint8Array): PDFImage {
    let image = this.byArray.get(png);
    if (image) return image;
    const digest = sha256Hex(png);
    image = this.byDigest.get(digest);
    if (!image) {
      image = embedPng(this.document, png);
      this.byDigest.set(digest, image);
    }
    this.byArray.set(png, image);
    return image;
  }
}

/**
 * `document.embedPng` with the pixels compressed by node:zlib (`flatImageOfPng`): the same image
 * XObject (and /SMask for the alpha), without @libpdf/core's JavaScript deflate. The PNGs that
 * reader leaves aside go through `embedPng` itself.
 */
export function embedPng(document: PDF, png: Uint8Array): PDFImage {
  const flat = flatImageOfPng(png);
  if (flat === undefined) return document.embedPng(png);
  const image = (colorSpace: string): Record<string, PdfObject> => ({
    Type: PdfName.of("XObject"),
    Subtype: PdfName.of("Image"),
    Width: PdfNumber.of(flat.width),
    Height: PdfNumber.of(flat.height),
    ColorSpace: PdfName.of(colorSpace),
    BitsPerComponent: PdfNumber.of(8),
    Filter: PdfName.of("FlateDecode"),
  });
  const entries = image(flat.colorSpace);
  if (flat.pngPredictor) {
    entries.DecodeParms = PdfDict.of({
      Predictor: PdfNumber.of(15),
      Colors: PdfNumber.of(flat.colors),
      BitsPerComponent: PdfNumber.of(8),
      Columns: PdfNumber.of(flat.width),
    });
  }
  if (flat.alpha !== undefined) {
    entries.SMask = document.register(PdfStream.fromDict(image("DeviceGray"), flat.alpha));
  }
  return new PDFImage(
    document.register(PdfStream.fromDict(entries, flat.data)),
    flat.width,
    flat.height,
  );
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The displayed page's size and the matrix from displayed coordinates (origin bottom-left of the
 * page as shown, y up) to the page's user space, for /Rotate 0, 90, 180 and 270 and any crop box.
 */
function displayedSpace(page: PDFPage): {
  width: number;
  height: number;
  matrix: [number, number, number, number, number, number];
} {
  const { x, y, width, height } = page.getCropBox();
  switch (normalizedRotation(page.rotation)) {
    case 90:
      return { width: height, height: width, matrix: [0, 1, -1, 0, x + width, y] };
    case 180:
      return { width, height, matrix: [-1, 0, 0, -1, x + width, y + height] };
    case 270:
      return { width: height, height: width, matrix: [0, -1, 1, 0, x, y + height] };
    default:
      return { width, height, matrix: [1, 0, 0, 1, x, y] };
  }
}

/**
 * Has the page's existing content wrapped in q ... Q before anything is drawn, so that a
 * transformation it leaves behind does not move what is drawn after it. (@libpdf/core wraps the
 * content it finds at its second drawing call; a page without content gets an empty q Q first.)
 */
function isolateExistingContent(page: PDFPage): void {
  page.drawOperators([ops.pushGraphicsState(), ops.popGraphicsState()]);
  page.drawOperators([ops.pushGraphicsState(), ops.popGraphicsState()]);
}

/** Steps of the binary search for the font size: the size is found to within 20/2^10 pt. */
const FONT_SIZE_STEPS = 10;

/**
 * Sets text in its box at the largest size that fits: on one line when it can, else wrapped on
 * word boundaries; below the smallest readable size the last line is cut with an ellipsis. The
 * size is found by a binary search over a fixed number of steps, each a linear wrap, so the work
 * is linear in the text's length.
 */
function drawFittedText(page: PDFPage, font: EmbeddedFont, text: string, box: Box): void {
  const paddingX = Math.min(box.width * 0.04, 4);
  const available = box.width - 2 * paddingX;
  const lineGap = 1.15;
  const fits = (lines: string[], size: number) =>
    lines.length * size * lineGap <= box.height * 0.95;
  const largest = Math.min(box.height * 0.7, 24);
  let size = largest;
  let lines = wrapText(font, text, available, size);
  if (!fits(lines, size) && largest > MIN_FONT_SIZE) {
    let low = MIN_FONT_SIZE;
    let high = largest;
    for (let step = 0; step < FONT_SIZE_STEPS; step++) {
      const middle = (low + high) / 2;
      if (fits(wrapText(font, text, available, middle), middle)) low = middle;
      else high = middle;
    }
    size = low;
    lines = wrapText(font, text, available, size);
  }
  const fitting = Math.max(1, Math.floor((box.height * 0.95) / (size * lineGap)));
  if (lines.length > fitting) {
    lines = lines.slice(0, fitting);
    lines[fitting - 1] = truncateToWidth(font, `${lines[fitting - 1]} …`, available, size);
  }
  const ascent = ((font.descriptor?.ascent ?? 800) / 1000) * size;
  const blockHeight = (lines.length - 1) * size * lineGap + font.heightAtSize(size);
  const top = box.y + (box.height + blockHeight) / 2;
  lines.forEach((line, index) => {
    page.drawText(line, {
      x: box.x + paddingX,
      y: top - ascent - index * size * lineGap,
      size,
      font,
      color: INK,
    });
  });
}

/**
 * A chosen radio button at the left of the box: a ring and its dot, as tall as the box allows.
 * Returns the width it takes.
 */
function drawRadioMark(page: PDFPage, box: Box): number {
  const side = Math.min(box.width, box.height) * 0.8;
  const center = { x: box.x + side / 2 + side * 0.1, y: box.y + box.height / 2 };
  page.drawCircle({
    ...center,
    radius: side / 2,
    borderColor: INK,
    borderWidth: Math.max(0.5, side * 0.06),
  });
  page.drawCircle({ ...center, radius: side * 0.25, color: INK });
  return side * 1.1;
}

function drawCheckbox(page: PDFPage, box: Box, checked: boolean): void {
  const side = Math.min(box.width, box.height) * 0.9;
  const x = box.x + (box.width - side) / 2;
  const y = box.y + (box.height - side) / 2;
  page.drawRectangle({
    x,
    y,
    width: side,
    height: side,
    borderColor: INK,
    borderWidth: Math.max(0.5, side * 0.06),
  });
  if (!checked) return;
  const thickness = Math.max(0.8, side * 0.12);
  const points = [
    { x: x + side * 0.2, y: y + side * 0.52 },
    { x: x + side * 0.42, y: y + side * 0.28 },
    { x: x + side * 0.8, y: y + side * 0.76 },
  ] as const;
  page.drawLine({
    start: points[0],
    end: points[1],
    thickness,
    color: INK,
    lineCap: "round",
  });
  page.drawLine({
    start: points[1],
    end: points[2],
    thickness,
    color: INK,
    lineCap: "round",
  });
}
