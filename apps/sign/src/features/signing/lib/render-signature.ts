import { SIGNATURE_IMAGE_MAX_HEIGHT, SIGNATURE_IMAGE_MAX_WIDTH } from "@paraphe/api-sdk/contract";
import { HANDWRITING_FONTS, type HandwritingFontId } from "./signature-draft";

/** The CSS family of a handwriting font. */
export function fontFamily(id: HandwritingFontId): string {
  return HANDWRITING_FONTS.find((font) => font.id === id)?.family ?? HANDWRITING_FONTS[0].family;
}

/** Strips `data:image/png;base64,` from a data URL. */
export function dataUrlToBase64(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(",") + 1);
}

/** Room left around the ink, in pixels of the image. */
const PADDING = 24;
/** The font size typed signatures are drawn at, in pixels, unless the name is too long for it. */
const FONT_SIZE = 96;

/** How far the ink of `text` reaches around its origin (alphabetic baseline), in pixels. */
function inkBox(context: CanvasRenderingContext2D, text: string, size: number) {
  const metrics = context.measureText(text);
  // Script fonts draw outside the advance width (a final swash, an accent above the ascent): the
  // glyphs' own bounds, where the browser gives them.
  const left = Math.max(metrics.actualBoundingBoxLeft ?? 0, 0);
  const right = Math.max(metrics.actualBoundingBoxRight ?? metrics.width, metrics.width);
  const ascent = Math.max(metrics.actualBoundingBoxAscent ?? size, 0);
  const descent = Math.max(metrics.actualBoundingBoxDescent ?? size * 0.3, 0);
  return { left, width: left + right, ascent, height: ascent + descent };
}

/**
 * A typed signature as a canvas: the text in the chosen handwriting font, once the font files for
 * its characters have loaded (`document.fonts.load`), on a transparent canvas sized to the ink of
 * the glyphs (swashes and accents included) with padding all around, so that every character is
 * drawn whole; a name too long for the largest image the api accepts is drawn smaller.
 */
export async function drawTypedSignature(
  text: string,
  font: HandwritingFontId,
): Promise<HTMLCanvasElement> {
  const family = fontFamily(font);
  const cssOf = (size: number) => `${size}px "${family}"`;
  await document.fonts.load(cssOf(FONT_SIZE), text);
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas 2D is not available");
  context.font = cssOf(FONT_SIZE);
  let size = FONT_SIZE;
  let box = inkBox(context, text, size);
  const scale = Math.min(
    1,
    (SIGNATURE_IMAGE_MAX_WIDTH - PADDING * 2) / Math.max(box.width, 1),
    (SIGNATURE_IMAGE_MAX_HEIGHT - PADDING * 2) / Math.max(box.height, 1),
  );
  if (scale < 1) {
    size = Math.floor(FONT_SIZE * scale);
    context.font = cssOf(size);
    box = inkBox(context, text, size);
  }
  canvas.width = Math.min(Math.ceil(box.width) + PADDING * 2, SIGNATURE_IMAGE_MAX_WIDTH);
  canvas.height = Math.min(Math.ceil(box.height) + PADDING * 2, SIGNATURE_IMAGE_MAX_HEIGHT);
  // Resizing resets the context's state.
  context.font = cssOf(size);
  context.fillStyle = "#16161d";
  context.textBaseline = "alphabetic";
  context.fillText(text, PADDING + box.left, PADDING + box.ascent);
  return canvas;
}

/** A typed signature as a PNG (base64), see `drawTypedSignature`. */
export async function renderTypedSignature(text: string, font: HandwritingFontId): Promise<string> {
  const canvas = await drawTypedSignature(text, font);
  return dataUrlToBase64(canvas.toDataURL("image/png"));
}
