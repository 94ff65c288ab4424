import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { DocumentError } from "./document-error";
import { loadOrCreatePlatformIdentity } from "./certificates";
import { inspectPdf } from "./inspect";
import { sealPdfInThisThread } from "./seal";
import { makeCertifiedPdf, makePdf, runToolOrThrow, temporaryDirectory } from "../test/documents";
import {
  attachedFilePdf,
  concat,
  deeplyNestedPdf,
  documentJavaScriptPdf,
  elfExecutable,
  escapedJavaScriptLinkPdf,
  fileAttachmentAnnotationPdf,
  fromLatin1,
  openActionPdf,
  pageAdditionalActionsPdf,
  pageTreeLoopPdf,
  peExecutable,
  rawPdf,
  selfKidPdf,
  zipArchive,
} from "../test/upload-corpus";

const limits = { maxBytes: 5_000_000, maxPages: 10 };
const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

async function refusal(bytes: Uint8Array, custom = limits): Promise<DocumentError> {
  try {
    await inspectPdf(bytes, custom);
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error("the PDF was accepted");
}

function encrypt(bytes: Uint8Array, userPassword: string): Uint8Array {
  const input = tmp.file(`plain-${userPassword || "none"}.pdf`, bytes);
  const output = tmp.file(`encrypted-${userPassword || "none"}.pdf`);
  runToolOrThrow("qpdf", ["--encrypt", userPassword, "owner-secret", "256", "--", input, output]);
  return new Uint8Array(readFileSync(output));
}

describe("inspectPdf", () => {
  it("gives the page count, each page's size in points and the file's SHA-256", async () => {
    const document = await PDFDocument.create();
    document.addPage([595.28, 841.89]);
    document.addPage([612, 792]);
    document.addPage([842, 595]).setRotation({ type: "degrees", angle: 90 } as never);
    const bytes = await document.save();

    const result = await inspectPdf(bytes, limits);

    expect(result.pageCount).toBe(3);
    expect(result.pages[0]).toEqual({
      width: expect.closeTo(595.28, 2),
      height: expect.closeTo(841.89, 2),
    });
    expect(result.pages[1]).toEqual({ width: 612, height: 792 });
    // A rotated page is measured as displayed.
    expect(result.pages[2]).toEqual({ width: 595, height: 842 });
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses bytes that are not a PDF", async () => {
    const error = await refusal(new Uint8Array(randomBytes(4000)));
    expect(error.code).toBe("not_pdf");
    expect(error.message).toMatch(/not a PDF/);
    expect((await refusal(new TextEncoder().encode("<html>hello</html>"))).code).toBe("not_pdf");
  });

  it("refuses a file over the size limit before reading it", async () => {
    const bytes = await makePdf();
    const error = await refusal(bytes, { maxBytes: bytes.length - 1, maxPages: 10 });
    expect(error.code).toBe("too_large");
    expect(error.message).toContain(`limit is ${bytes.length - 1} bytes`);
  });

  it("refuses a truncated upload", async () => {
    const bytes = await makePdf({ pages: 3 });
    const error = await refusal(bytes.slice(0, Math.floor(bytes.length / 2)));
    expect(error.code).toBe("truncated");
  });

  it("refuses a file that has a PDF header and end marker but does not parse", async () => {
    const garbage = new Uint8Array(randomBytes(3000));
    const bytes = new Uint8Array([
      ...new TextEncoder().encode("%PDF-1.7\n"),
      ...garbage,
      ...new TextEncoder().encode("\nstartxref\n999999\n%%EOF\n"),
    ]);
    const error = await refusal(bytes);
    expect(["unreadable", "no_pages"]).toContain(error.code);
  });

  it.each([
    ["a Windows executable", peExecutable()],
    ["a Linux executable", elfExecutable()],
    ["a ZIP archive", zipArchive("contract.pdf", new Uint8Array(200))],
  ])("refuses %s, even with a PDF header within its first kilobyte", async (format, start) => {
    const bytes = concat(start.subarray(0, 200), rawPdf(["<< /Type /Catalog >>"]));
    const error = await refusal(bytes);
    expect(error.code).toBe("not_pdf");
    expect(error.message).toContain(format);
  });

  it("refuses a PDF with a ZIP archive or an executable joined after its end, and tolerates whitespace and junk there", async () => {
    const pdf = await makePdf();
    const joined = await refusal(concat(pdf, zipArchive("setup.exe", peExecutable())));
    expect(joined.code).toBe("not_pdf");
    expect(joined.message).toBe(
      "The file is not only a PDF: a ZIP archive is joined after its end-of-file marker.",
    );
    expect((await refusal(concat(pdf, fromLatin1("\r\n"), elfExecutable()))).code).toBe("not_pdf");
    expect((await inspectPdf(concat(pdf, fromLatin1("\n\0\0 junk\n")), limits)).pageCount).toBe(1);
  });

  it("refuses a page tree that loops or shares a node, without recursing, and a page that cannot be parsed", async () => {
    const shared = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 300 400] >>",
    ]);
    for (const bytes of [pageTreeLoopPdf(), selfKidPdf(), shared]) {
      const error = await refusal(bytes);
      expect(error.code).toBe("unreadable");
      expect(error.message).toBe(
        "The PDF's page tree could not be read: a node appears twice (the tree loops).",
      );
    }
    const nested = await refusal(deeplyNestedPdf(100_000));
    expect(nested.message).toBe(
      "The PDF's page tree could not be read: a page could not be parsed.",
    );
    // The same page listed twice is no loop: it is counted twice, as readers show it.
    const repeated = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>",
    ]);
    expect((await inspectPdf(repeated, limits)).pageCount).toBe(2);
  });

  it("refuses a password-protected PDF", async () => {
    const error = await refusal(encrypt(await makePdf(), "open-sesame"));
    expect(error.code).toBe("encrypted");
    expect(error.message).toMatch(/encrypted/);
  });

  it("refuses an encrypted PDF that opens without a password (restrictions only)", async () => {
    expect((await refusal(encrypt(await makePdf(), ""))).code).toBe("encrypted");
  });

  it("refuses more pages than the limit, naming the page count and the limit", async () => {
    const error = await refusal(await makePdf({ pages: 4 }), { maxBytes: 5_000_000, maxPages: 3 });
    expect(error.code).toBe("too_many_pages");
    expect(error.message).toBe("The PDF has 4 pages; the limit is 3.");
    expect(error.params).toEqual({ count: 4, limit: 3 });
  });

  it("refuses a PDF without pages", async () => {
    const bytes = await (await PDFDocument.create()).save({ addDefaultPage: false });
    expect((await refusal(bytes)).code).toBe("no_pages");
  });

  it.each([1, 2, 3])(
    "refuses a PDF under a certification signature (DocMDP P=%i): stamping would break it",
    async (permission) => {
      const error = await refusal(await makeCertifiedPdf(permission));
      expect(error.code).toBe("certified");
      expect(error.message).toContain(`P=${permission}`);
    },
  );

  it("counts the signatures a PDF already carries and accepts it", async () => {
    const identity = await loadOrCreatePlatformIdentity({ dataDir: tmp.file("identity") });
    const plain = await makePdf();
    expect((await inspectPdf(plain, limits)).signatureCount).toBe(0);
    const sealed = (
      await sealPdfInThisThread(plain, {
        identity,
        level: "B-B",
        reason: "Test",
        location: "Paraphe",
        signerName: "Seal",
      })
    ).bytes;
    const twice = (
      await sealPdfInThisThread(sealed, {
        identity,
        level: "B-B",
        reason: "Test",
        location: "Paraphe",
        signerName: "Seal",
      })
    ).bytes;
    expect((await inspectPdf(sealed, limits)).signatureCount).toBe(1);
    expect((await inspectPdf(twice, limits)).signatureCount).toBe(2);
  });

  it("refuses a signed PDF that would be rewritten instead of appended to (a broken cross-reference table)", async () => {
    const identity = await loadOrCreatePlatformIdentity({ dataDir: tmp.file("identity") });
    const plain = await makePdf();
    const sealOptions = {
      identity,
      level: "B-B",
      reason: "Test",
      location: "Paraphe",
      signerName: "Seal",
    } as const;
    const breakCrossReferences = (bytes: Uint8Array) => {
      const text = Buffer.from(bytes).toString("latin1");
      const at = text.lastIndexOf("startxref");
      return new Uint8Array(
        Buffer.from(
          text.slice(0, at) + text.slice(at).replace(/startxref\s+\d+/, "startxref\n7"),
          "latin1",
        ),
      );
    };
    const error = await refusal(
      breakCrossReferences((await sealPdfInThisThread(plain, sealOptions)).bytes),
    );
    expect(error.code).toBe("signatures_not_kept");
    expect(error.message).toContain("brute-force-recovery");
    // Without signatures, nothing in it has to stay valid: it is accepted (and rewritten).
    expect((await inspectPdf(breakCrossReferences(plain), limits)).signatureCount).toBe(0);
  });
});

describe("inspectPdf and active content", () => {
  it("refuses embedded files, naming what it found: an attachment (/EmbeddedFiles, /AF) or a file attachment annotation (/EF)", async () => {
    const attached = await refusal(await attachedFilePdf());
    expect(attached.code).toBe("embedded_files");
    expect(attached.message).toContain("/EmbeddedFiles");
    expect(attached.message).toContain("/AF");
    const annotation = await refusal(fileAttachmentAnnotationPdf());
    expect(annotation.code).toBe("embedded_files");
    expect(annotation.message).toContain("/EF, /EmbeddedFile");
  });

  it("refuses JavaScript: document-level scripts, and a link's script whose names are written with # escapes", async () => {
    const documentLevel = await refusal(documentJavaScriptPdf());
    expect(documentLevel.code).toBe("javascript");
    expect(documentLevel.message).toContain("/JavaScript, /S /JavaScript, /JS");
    const escaped = await refusal(escapedJavaScriptLinkPdf());
    expect(escaped.code).toBe("javascript");
    expect(escaped.message).toContain("/JS");
  });

  it("finds JavaScript inside a compressed object stream too", async () => {
    const input = tmp.file("javascript.pdf", documentJavaScriptPdf());
    const output = tmp.file("javascript-objstm.pdf");
    runToolOrThrow("qpdf", ["--object-streams=generate", "--compress-streams=y", input, output]);
    const compressed = new Uint8Array(readFileSync(output));
    expect(Buffer.from(compressed).includes("/JavaScript")).toBe(false);
    expect((await refusal(compressed)).code).toBe("javascript");
  });

  it("refuses automatic actions: an /OpenAction that runs something, and /AA; a script run at opening is named as JavaScript first", async () => {
    const launch = await refusal(openActionPdf("launch"));
    expect(launch.code).toBe("automatic_actions");
    expect(launch.message).toContain("(/OpenAction)");
    const additional = await refusal(pageAdditionalActionsPdf());
    expect(additional.code).toBe("automatic_actions");
    expect(additional.message).toContain("(/AA)");
    const script = await refusal(openActionPdf("javascript"));
    expect(script.code).toBe("javascript");
    expect(script.message).toContain("/OpenAction");
  });

  it("accepts an /OpenAction that only shows a page", async () => {
    expect((await inspectPdf(openActionPdf("page"), limits)).pageCount).toBe(1);
  });
});
