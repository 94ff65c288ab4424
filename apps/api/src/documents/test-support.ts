import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

/**
 * Test helpers of the document engine (imported by tests only). External tools are required, not
 * optional: a missing tool fails the test with a message naming the Debian package.
 */

const PACKAGES: Record<string, string> = {
  pdfsig: "poppler-utils",
  pdftoppm: "poppler-utils",
  pdftotext: "poppler-utils",
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
  options: { input?: Uint8Array } = {},
): { status: number | null; stdout: string; stderr: string } {
  requireTool(name);
  const result = spawnSync(name, args, { encoding: "utf8", input: options.input });
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
