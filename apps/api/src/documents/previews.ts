import { createRequire } from "node:module";
import path from "node:path";
import type { Canvas } from "@napi-rs/canvas";
import {
  DEFAULT_PREVIEW_WIDTH as DEFAULT_WIDTH,
  type PreviewWidth,
} from "@paraphe/api-sdk/contract";
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

/**
 * The width every page is drawn at after the upload (the widest of the contract's PREVIEW_WIDTHS):
 * suits the envelope cards and the signing page on desktops; the signing page on a narrower screen
 * asks for a narrower one, drawn on demand.
 */
export const DEFAULT_PREVIEW_WIDTH: PreviewWidth = DEFAULT_WIDTH;

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

/** Which pages one preview task renders, and for how long at most. */
export interface PreviewRange {
  /** 0-based index of the first page to render. */
  firstPage: number;
  /** Pages to render at most, from `firstPage` (fewer past the document's end). */
  pageCount: number;
  /**
   * Once this many milliseconds have passed, no further page is started: the task answers with
   * the pages done and `next`, so that one task stays well within the worker's time limit.
   */
  timeBudgetMs?: number;
}

/** What a range task gives back: the pages drawn, the pages pdf.js could not draw, and where to go on. */
export interface PreviewRangeResult {
  previews: PagePreview[];
  /** Pages (0-based) that pdf.js could not read or draw: they have no preview. */
  failed: number[];
  /** The first page not attempted (the document's page count once every page was). */
  next: number;
  /** The document's page count as pdf.js reads it. */
  pageCount: number;
}

async function openForPreviews(bytes: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    data: bytes.slice(),
    ...assets,
    cMapPacked: true,
    ...PDFJS_HOSTILE_INPUT_OPTIONS,
    verbosity: 0,
  });
  try {
    return { task, document: await task.promise };
  } catch (error) {
    await task.destroy();
    throw new DocumentError("unreadable", "pdf.js could not open the PDF to render previews.", {
      cause: error,
    });
  }
}

type PdfDocument = Awaited<ReturnType<typeof openForPreviews>>["document"];

async function renderOnePage(
  document: PdfDocument,
  index: number,
  maxWidth: number,
  quality: number,
): Promise<PagePreview> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const page = await document.getPage(index + 1);
  const base = page.getViewport({ scale: 1 });
  const scale = previewScale(base.width, base.height, maxWidth);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(width, height);
  // pdf.js paints the white background itself; its types name the DOM canvas.
  const parameters = { canvas, viewport } as unknown as Parameters<typeof page.render>[0];
  try {
    await page.render(parameters).promise;
  } finally {
    page.cleanup();
  }
  return { page: index, width, height, ...(await encode(canvas, quality)) };
}

/**
 * The work of `renderPreviewRange`, in the calling thread (the worker calls it): the pages of
 * `range`, in order, each on its own (a page pdf.js cannot draw is listed in `failed` and the next
 * one is drawn), stopping early once `range.timeBudgetMs` has passed. A file pdf.js cannot open
 * throws `DocumentError` `unreadable`.
 */
export async function renderPreviewRangeInThisThread(
  bytes: Uint8Array,
  range: PreviewRange,
  options: PreviewOptions = {},
  clock: () => number = () => performance.now(),
): Promise<PreviewRangeResult> {
  const maxWidth = options.maxWidth ?? DEFAULT_PREVIEW_WIDTH;
  const quality = options.quality ?? 80;
  const started = clock();
  const { task, document } = await openForPreviews(bytes);
  const previews: PagePreview[] = [];
  const failed: number[] = [];
  const end = Math.min(document.numPages, range.firstPage + Math.max(1, range.pageCount));
  let next = range.firstPage;
  try {
    for (; next < end; next++) {
      if (
        next > range.firstPage &&
        range.timeBudgetMs !== undefined &&
        clock() - started >= range.timeBudgetMs
      ) {
        break;
      }
      try {
        previews.push(await renderOnePage(document, next, maxWidth, quality));
      } catch {
        // A page pdf.js cannot read or draw (an object nested too deep for its parser, a broken
        // content stream it gives up on): that page has no preview; the others do.
        failed.push(next);
      }
    }
    return { previews, failed, next, pageCount: document.numPages };
  } finally {
    // pdf.js 6: the loading task owns the document and its worker.
    await task.destroy();
  }
}

/** The work of `renderPagePreviews`, in the calling thread (the worker calls it). */
export async function renderPagePreviewsInThisThread(
  bytes: Uint8Array,
  options: PreviewOptions = {},
): Promise<PagePreview[]> {
  const result = await renderPreviewRangeInThisThread(
    bytes,
    { firstPage: 0, pageCount: Number.MAX_SAFE_INTEGER },
    options,
  );
  const [failed] = result.failed;
  if (failed !== undefined) {
    // Every page or none: a page pdf.js cannot draw makes the file unreadable here.
    throw new DocumentError("unreadable", `pdf.js could not render page ${failed + 1} of the PDF.`);
  }
  return result.previews;
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
