import { BRAND_LOGO_SVG_SIDE } from "@paraphe/api-sdk/contract";
import { createCanvas, loadImage } from "@napi-rs/canvas";

/** Whether the bytes look like an SVG document: text whose first element is `<svg` (after a prolog). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096))
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(
    head,
  );
}

/**
 * An SVG logo rasterised to a PNG whose longer side is at most BRAND_LOGO_SVG_SIDE pixels (Skia,
 * through @napi-rs/canvas: it draws the shapes only, runs no script and fetches nothing). Null when
 * it cannot be drawn or has no size of its own.
 */
export async function rasteriseSvgLogo(svg: Uint8Array): Promise<Buffer | null> {
  if (!looksLikeSvg(svg)) return null;
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(svg));
  } catch {
    return null;
  }
  if (!(image.width > 0 && image.height > 0)) return null;
  const scale = Math.min(1, BRAND_LOGO_SVG_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  canvas.getContext("2d").drawImage(image, 0, 0, width, height);
  return canvas.encode("png");
}
