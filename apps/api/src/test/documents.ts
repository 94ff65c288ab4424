import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDF, PdfArray } from "@libpdf/core";
import {
  PDFDocument,
  PDFName,
  StandardFonts,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFRef,
} from "pdf-lib";

/**
 * Test helpers of the document engine (imported by tests only). External tools are required, not
 * optional: a missing tool fails the test with a message naming the Debian package.
 */

const PACKAGES: Record<string, string> = {
  pdfsig: "poppler-utils",
  pdftoppm: "poppler-utils",
  pdftotext: "poppler-utils",
  pdffonts: "poppler-utils",
  qpdf: "qpdf",
  openssl: "openssl",
  certutil: "libnss3-tools",
};

export function requireTool(name: string): string {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  if (found.status !== 0 || !found.stdout.trim()) {
    throw new Error(
      `The test needs \`${name}\` on PATH (Debian package ${PACKAGES[name] ?? name}): install it with apt-get install ${PACKAGES[name] ?? name}.`,
    );
  }
  return found.stdout.trim();
}

/** Runs a tool and returns its standard output and error and exit status, without throwing. */
export function runTool(
  name: string,
  args: string[],
  options: { input?: Uint8Array; cwd?: string } = {},
): { status: number | null; stdout: string; stderr: string } {
  requireTool(name);
  const result = spawnSync(name, args, {
    encoding: "utf8",
    input: options.input,
    cwd: options.cwd,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function runToolOrThrow(name: string, args: string[]): string {
  requireTool(name);
  return execFileSync(name, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** A temporary folder removed by the returned cleanup. */
export function temporaryDirectory(prefix = "paraphe-documents-"): {
  dir: string;
  file: (name: string, content?: Uint8Array | string) => string;
  cleanup: () => void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    dir,
    file(name, content) {
      const file = path.join(dir, name);
      if (content !== undefined) writeFileSync(file, content);
      return file;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A PDF with `pages` pages of the given size, each with a heading and some text. */
export async function makePdf(
  options: { pages?: number; width?: number; height?: number; title?: string } = {},
): Promise<Uint8Array> {
  const { pages = 1, width = 595.28, height = 841.89, title = "Service agreement" } = options;
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([width, height]);
    page.drawText(title, { x: 56, y: height - 80, size: 20, font: bold });
    page.drawText(`Page ${index + 1} of ${pages}`, { x: 56, y: height - 104, size: 11, font });
    for (let line = 0; line < 12; line++) {
      page.drawRectangle({
        x: 56,
        y: height - 150 - line * 22,
        width: width - 112 - (line % 3) * 40,
        height: 8,
        color: rgb(0.85, 0.86, 0.88),
      });
    }
  }
  return document.save();
}

/**
 * A small, valid PDF that is very slow to render: each page draws a form XObject that draws the
 * one below it `fanOut` times, `depth` levels deep (fanOut^depth triangles per page for a few
 * hundred bytes). The hostile upload of the worker-pool and /health tests.
 */
export async function makeNestedDrawingPdf(
  options: { depth?: number; fanOut?: number; pages?: number } = {},
): Promise<Uint8Array> {
  const { depth = 7, fanOut = 10, pages = 1 } = options;
  const document = await PDFDocument.create();
  let previous: PDFRef | undefined;
  for (let level = 0; level < depth; level++) {
    const content =
      previous === undefined ? "0 0 m 100 100 l 100 0 l f\n" : "q /X Do Q\n".repeat(fanOut);
    const stream = document.context.stream(content, {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 100, 100],
      ...(previous === undefined ? {} : { Resources: { XObject: { X: previous } } }),
    });
    previous = document.context.register(stream);
  }
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([612, 792]);
    if (previous !== undefined) page.node.setXObject(PDFName.of("X"), previous);
    page.pushOperators(pushGraphicsState(), drawObject("X"), popGraphicsState());
  }
  return document.save();
}

/** A page rendered by pdftoppm as 8-bit grey pixels. */
export interface GreyRaster {
  width: number;
  height: number;
  /** Row-major, 0 = black, 255 = white. */
  pixels: Uint8Array;
}

/** Renders one page (1-based) with poppler's pdftoppm at `dpi` into grey pixels. */
export function renderGrey(pdf: Uint8Array, page: number, dpi = 40): GreyRaster {
  const tmp = temporaryDirectory("paraphe-raster-");
  try {
    const input = tmp.file("in.pdf", pdf);
    const prefix = tmp.file("page");
    const args = ["-gray", "-r", String(dpi), "-f", String(page), "-l", String(page)];
    runToolOrThrow("pdftoppm", [...args, "-singlefile", input, prefix]);
    return parsePgm(new Uint8Array(readFileSync(`${prefix}.pgm`)));
  } finally {
    tmp.cleanup();
  }
}

function parsePgm(bytes: Uint8Array): GreyRaster {
  // "P5\n<width> <height>\n<max>\n" then the pixels.
  const header: string[] = [];
  let offset = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[offset]!))) offset++;
    let token = "";
    while (!/\s/.test(String.fromCharCode(bytes[offset]!)))
      token += String.fromCharCode(bytes[offset++]!);
    header.push(token);
  }
  offset++;
  if (header[0] !== "P5") throw new Error(`pdftoppm wrote ${header[0]}, not a binary PGM`);
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: bytes.subarray(offset, offset + width * height) };
}

/** Share of inked pixels (darker than 200 of 255) in a region given in fractions of the page, origin top-left. */
export function darkShare(
  raster: GreyRaster,
  region: { x: number; y: number; width: number; height: number },
): number {
  const x0 = Math.floor(region.x * raster.width);
  const y0 = Math.floor(region.y * raster.height);
  const x1 = Math.ceil((region.x + region.width) * raster.width);
  const y1 = Math.ceil((region.y + region.height) * raster.height);
  let dark = 0;
  let total = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      total++;
      if (raster.pixels[y * raster.width + x]! < 200) dark++;
    }
  }
  return total === 0 ? 0 : dark / total;
}

/**
 * The text of a PDF as poppler's pdftotext extracts it: laid out as on the page, or with `raw` in
 * drawing order (a table cell's wrapped lines then stay together).
 */
export function pdfText(pdf: Uint8Array, options: { raw?: boolean } = {}): string {
  const tmp = temporaryDirectory("paraphe-text-");
  try {
    const input = tmp.file("in.pdf", pdf);
    const mode = options.raw ? "-raw" : "-layout";
    return runToolOrThrow("pdftotext", [mode, "-enc", "UTF-8", input, "-"]);
  } finally {
    tmp.cleanup();
  }
}

/** A PNG of a handwritten-looking stroke, `width` x `height` pixels, transparent background. */
export async function makeSignaturePng(width = 400, height = 150): Promise<Uint8Array> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.strokeStyle = "#1d3a8a";
  context.lineWidth = height / 14;
  context.lineCap = "round";
  context.beginPath();
  context.moveTo(width * 0.05, height * 0.7);
  context.bezierCurveTo(
    width * 0.25,
    height * 0.05,
    width * 0.3,
    height * 0.95,
    width * 0.5,
    height * 0.45,
  );
  context.bezierCurveTo(
    width * 0.65,
    height * 0.1,
    width * 0.75,
    height * 0.9,
    width * 0.95,
    height * 0.3,
  );
  context.stroke();
  return new Uint8Array(canvas.toBuffer("image/png"));
}

/** A throw-away NSS database trusting each of `certificatePems`, for `pdfsig -nssdir sql:DIR`. */
export function nssDatabaseTrusting(...certificatePems: string[]): {
  nssdir: string;
  cleanup: () => void;
} {
  const tmp = temporaryDirectory("paraphe-nss-");
  runToolOrThrow("certutil", ["-N", "--empty-password", "-d", `sql:${tmp.dir}`]);
  certificatePems.forEach((certificatePem, index) => {
    const certificate = tmp.file(`trusted-${index}.pem`, certificatePem);
    runToolOrThrow("certutil", [
      "-A",
      "-n",
      index === 0 ? "paraphe" : `paraphe-${index}`,
      "-t",
      "CT,C,C",
      "-i",
      certificate,
      "-d",
      `sql:${tmp.dir}`,
    ]);
  });
  return { nssdir: `sql:${tmp.dir}`, cleanup: tmp.cleanup };
}

/** pdfsig's report on a PDF, with the given NSS database. */
export function pdfsig(pdf: Uint8Array, nssdir: string, extra: string[] = []): string {
  const tmp = temporaryDirectory("paraphe-pdfsig-");
  try {
    const result = runTool("pdfsig", ["-nssdir", nssdir, ...extra, tmp.file("in.pdf", pdf)]);
    return `${result.stdout}${result.stderr}`;
  } finally {
    tmp.cleanup();
  }
}

/** `qpdf --check` on a PDF: its exit status and output. */
export function qpdfCheck(pdf: Uint8Array): { status: number | null; output: string } {
  const tmp = temporaryDirectory("paraphe-qpdf-");
  try {
    const result = runTool("qpdf", ["--check", tmp.file("in.pdf", pdf)]);
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    tmp.cleanup();
  }
}

/** The CMS of the PDF's first signature, printed by `openssl cms -cmsout -print`. */
export function printFirstSignatureCms(pdf: Uint8Array): string {
  const tmp = temporaryDirectory("paraphe-cms-");
  try {
    const file = tmp.file("in.pdf", pdf);
    // -dump writes in.pdf.sig0 into the working folder.
    runTool("pdfsig", ["-nssdir", `sql:${tmp.dir}`, "-dump", file], { cwd: tmp.dir });
    return runToolOrThrow("openssl", [
      "cms",
      "-cmsout",
      "-print",
      "-inform",
      "DER",
      "-in",
      `${file}.sig0`,
    ]);
  } finally {
    tmp.cleanup();
  }
}

/**
 * A PDF (`pdf`, or one page of `makePdf`) whose catalog names a certification signature with DocMDP permission `permission`. */
export async function makeCertifiedPdf(permission: number, pdf?: Uint8Array): Promise<Uint8Array> {
  const document = await PDFDocument.load(pdf ?? (await makePdf()));
  const { context } = document;
  const signature = context.register(
    context.obj({
      Type: "Sig",
      Filter: "Adobe.PPKLite",
      SubFilter: "ETSI.CAdES.detached",
      Reference: [
        {
          Type: "SigRef",
          TransformMethod: "DocMDP",
          TransformParams: { Type: "TransformParams", P: permission, V: "1.2" },
        },
      ],
    }),
  );
  document.catalog.set(PDFName.of("Perms"), context.obj({ DocMDP: signature }));
  return document.save();
}

/**
 * How many content streams each page of a PDF has: a drawing on a page (stamping a field) adds
 * one, so two revisions with the same counts drew nothing in between.
 */
export async function pageContentStreams(bytes: Uint8Array): Promise<number[]> {
  const pdf = await PDF.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.dict.get("Contents");
    return contents instanceof PdfArray ? contents.length : 1;
  });
}

/** Where each signature's revision of a signed PDF ends, from pdfsig's report, in order. */
export function signedRevisionEnds(pdfsigReport: string): number[] {
  return [...pdfsigReport.matchAll(/Signed Ranges: \[\d+ - \d+\], \[\d+ - (\d+)\]/g)].map((match) =>
    Number(match[1]),
  );
}
