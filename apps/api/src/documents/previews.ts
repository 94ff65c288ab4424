import { createRequire } from "node:module";
import path from "node:path";
import type { Canvas } from "@napi-rs/canvas";
import { DocumentError } from "./document-error";

export interface PreviewOptions {
  /** Widest image produced, in pixels; pages are scaled to this width (never above 3x). */
  maxWidth?: number;
  /** WebP quality, 0-100. */
  quality?: number;
}

export interface PagePreview {
  /** 0-based page index, as fields use. */
  page: number;
  width: number;
  height: number;
  contentType: "image/webp" | "image/png";
  data: Uint8Array;
}

/** Suits the envelope cards and the light signing app on phones and desktops. */
export const DEFAULT_PREVIEW_WIDTH = 1000;

/**
 * Most pixels in one page's preview (4 megapixels, 16 MB of canvas): a page whose image would be
 * larger (a very tall or huge page) is downscaled to fit, never refused.
 */
export const MAX_PREVIEW_PIXELS = 4_000_000;
/** Longest side of a preview, in pixels (canvas limits). */
export const MAX_PREVIEW_SIDE = 16_384;

/**
 * The scale at which a page of `width` x `height` points is rendered: `maxWidth` wide, at most 3x,
 * and downscaled so that the image stays within {@link MAX_PREVIEW_PIXELS} and
 * {@link MAX_PREVIEW_SIDE}.
 */
export function previewScale(width: number, height: number, maxWidth: number): number {
  return Math.min(
    maxWidth / width,
    3,
    Math.sqrt(MAX_PREVIEW_PIXELS / (width * height)),
    MAX_PREVIEW_SIDE / Math.max(width, height),
  );
}

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve("pdfjs-dist/package.json"));
/** pdf.js wants folder paths ending with a separator. */
const assets = {
  standardFontDataUrl: `${path.join(pdfjsRoot, "standard_fonts")}${path.sep}`,
  cMapUrl: `${path.join(pdfjsRoot, "cmaps")}${path.sep}`,
  wasmUrl: `${path.join(pdfjsRoot, "wasm")}${path.sep}`,
};

/**
 * How pdf.js opens an uploaded PDF, which is hostile input: no XFA forms (the way a crafted PDF ran
 * script through XFA rich text before pdf.js 6.2.108, GHSA-hq66-cqwq-w95j) and no system fonts.
 * pdf.js 6 compiles no font program with `eval` any more (CVE-2024-4367 was that path): its
 * `isEvalSupported` option is gone. The scripting sandbox belongs to pdf.js's viewer, which the api
 * does not use.
 */
export const PDFJS_HOSTILE_INPUT_OPTIONS = {
  enableXfa: false,
  useSystemFonts: false,
} as const;

/** The work of `renderPagePreviews`, in the calling thread (the worker calls it). */
export async function renderPagePreviewsInThisThread(
  bytes: Uint8Array,
  options: PreviewOptions = {},
): Promise<PagePreview[]> {
  const maxWidth = options.maxWidth ?? DEFAULT_PREVIEW_WIDTH;
  const quality = options.quality ?? 80;
  const [pdfjs, { createCanvas }] = await Promise.all([
    import("pdfjs-dist/legacy/build/pdf.mjs"),
    import("@napi-rs/canvas"),
  ]);

  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    data: bytes.slice(),
    ...assets,
    cMapPacked: true,
    ...PDFJS_HOSTILE_INPUT_OPTIONS,
    verbosity: 0,
  });
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    throw new DocumentError("unreadable", "pdf.js could not open the PDF to render previews.", {
      cause: error,
    });
  }

  const previews: PagePreview[] = [];
  try {
    for (let index = 0; index < document.numPages; index++) {
      const page = await document.getPage(index + 1);
      const base = page.getViewport({ scale: 1 });
      const scale = previewScale(base.width, base.height, maxWidth);
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      const canvas = createCanvas(width, height);
      // pdf.js paints the white background itself; its types name the DOM canvas.
      const parameters = { canvas, viewport } as unknown as Parameters<typeof page.render>[0];
      await page.render(parameters).promise;
      page.cleanup();
      previews.push({ page: index, width, height, ...(await encode(canvas, quality)) });
    }
  } catch (error) {
    // A page pdf.js cannot read or draw (an object nested too deep for its parser, a broken
    // content stream it gives up on): the file's problem, refused like one it cannot open.
    throw new DocumentError(
      "unreadable",
      `pdf.js could not render page ${previews.length + 1} of the PDF.`,
      { cause: error },
    );
  } finally {
    // pdf.js 6: the loading task owns the document and its worker.
    await task.destroy();
  }
  return previews;
}

async function encode(
  canvas: Canvas,
  quality: number,
): Promise<Pick<PagePreview, "contentType" | "data">> {
  try {
    const data = await canvas.encode("webp", quality);
    if (data.length > 0) return { contentType: "image/webp", data: new Uint8Array(data) };
  } catch {
    // Fall through to PNG.
  }
  return { contentType: "image/png", data: new Uint8Array(await canvas.encode("png")) };
}
