import { HANDWRITING_FONTS, type HandwritingFontId } from "./signature-draft";

/** The CSS family of a handwriting font. */
export function fontFamily(id: HandwritingFontId): string {
  return HANDWRITING_FONTS.find((font) => font.id === id)?.family ?? HANDWRITING_FONTS[0].family;
}

/** Strips `data:image/png;base64,` from a data URL. */
export function dataUrlToBase64(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(",") + 1);
}

/**
 * A typed signature as a PNG (base64): the text in the chosen handwriting font, once the font file
 * has loaded (`document.fonts.load`), drawn on a transparent canvas sized to the text.
 */
export async function renderTypedSignature(text: string, font: HandwritingFontId): Promise<string> {
  const family = fontFamily(font);
  const size = 96;
  const css = `${size}px "${family}"`;
  await document.fonts.load(css, text);
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas 2D is not available");
  context.font = css;
  const padding = 24;
  const width = Math.min(Math.ceil(context.measureText(text).width) + padding * 2, 2000);
  canvas.width = width;
  canvas.height = Math.round(size * 1.8);
  // Resizing resets the context's state.
  context.font = css;
  context.fillStyle = "#16161d";
  context.textBaseline = "middle";
  context.fillText(text, padding, canvas.height / 2, width - padding * 2);
  return dataUrlToBase64(canvas.toDataURL("image/png"));
}
