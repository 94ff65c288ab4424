/**
 * The upload corpus: hostile, broken and borderline files, generated deterministically (no large
 * file is committed). Each generator is cached for the test run. Imported by tests only.
 */
import { readFileSync } from "node:fs";
import { crc32 } from "node:zlib";
import {
  AFRelationship,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  decodePDFRawStream,
} from "pdf-lib";
import fontkit from "@pdf-lib/fontkit";
import { fontBytes } from "../documents/fonts";
import type { PlatformIdentity } from "../documents/certificates";
import { sealPdfInThisThread } from "../documents/seal";
import { makePdf, runToolOrThrow, temporaryDirectory } from "./documents";

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");
const fromLatin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

function cached<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

/** Two small pages, saved with a classic cross-reference table and `trailer` (no object streams). */
export const plainPdf = cached(async () => {
  const document = await PDFDocument.load(await makePdf({ pages: 2, width: 300, height: 400 }));
  return document.save({ useObjectStreams: false });
});

/** `bytes` encrypted by qpdf (AES-256) with `userPassword` ("" opens without one). */
export function qpdfEncrypt(bytes: Uint8Array, userPassword: string): Uint8Array {
  const tmp = temporaryDirectory("paraphe-corpus-");
  try {
    const input = tmp.file("plain.pdf", bytes);
    const output = tmp.file("encrypted.pdf");
    runToolOrThrow("qpdf", ["--encrypt", userPassword, "owner-secret", "256", "--", input, output]);
    return new Uint8Array(readFileSync(output));
  } finally {
    tmp.cleanup();
  }
}

/** A 64-bit Linux executable's header (ELF) and some code-like bytes. */
export function elfExecutable(): Uint8Array {
  const header = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(header, 0);
  header.writeUInt16LE(2, 16); // ET_EXEC
  header.writeUInt16LE(0x3e, 18); // x86-64
  header.writeUInt32LE(1, 20);
  for (let i = 64; i < header.length; i++) header[i] = (i * 31) & 0xff;
  return new Uint8Array(header);
}

/** A Windows executable's header: MZ, the DOS stub's text and the PE signature. */
export function peExecutable(): Uint8Array {
  const header = Buffer.alloc(4096);
  header.write("MZ", 0, "latin1");
  header.writeUInt32LE(0x80, 0x3c); // e_lfanew
  header.write("This program cannot be run in DOS mode.\r\r\n$", 0x4e, "latin1");
  header.write("PE\0\0", 0x80, "latin1");
  header.writeUInt16LE(0x8664, 0x84);
  for (let i = 0x200; i < header.length; i++) header[i] = (i * 17) & 0xff;
  return new Uint8Array(header);
}

/** A ZIP archive (one stored entry) holding `payload` as `name`. */
export function zipArchive(name: string, payload: Uint8Array): Uint8Array {
  const fileName = Buffer.from(name, "latin1");
  const crc = crc32(payload);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(payload.length, 18);
  local.writeUInt32LE(payload.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(payload.length, 20);
  central.writeUInt32LE(payload.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + payload.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return concat(local, fileName, payload, central, fileName, end);
}

/** A PDF made of `objects` (bodies of objects 1..n), with a correct cross-reference table. */
export function rawPdf(objects: readonly string[], root = 1): Uint8Array {
  let text = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return fromLatin1(text);
}

const PAGE_CONTENT = "BT /F1 24 Tf 40 300 Td (Corpus) Tj ET";

/**
 * One page and arrays nested `depth` deep: in the page's dictionary (`page`), in the page's
 * resources (`resources`, an object of its own), or in an object no page uses (`unused`).
 */
export function deeplyNestedPdf(
  depth = 100_000,
  where: "page" | "resources" | "unused" = "page",
): Uint8Array {
  const nested = `${"[".repeat(depth)}${"]".repeat(depth)}`;
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources 5 0 R${where === "page" ? ` /Nested ${nested}` : ""} >>`,
    `<< /Length ${PAGE_CONTENT.length} >>\nstream\n${PAGE_CONTENT}\nendstream`,
    `<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >>${where === "resources" ? ` /Nested ${nested}` : ""} >>`,
    `<< /Unused ${where === "unused" ? nested : "true"} >>`,
  ]);
}

/** A page tree whose second node lists its own ancestor (the root) among its kids. */
export function pageTreeLoopPdf(): Uint8Array {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R >>",
    `<< /Length ${PAGE_CONTENT.length} >>\nstream\n${PAGE_CONTENT}\nendstream`,
    "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>",
  ]);
}

/** A page tree node listing itself as its only kid. */
export function selfKidPdf(): Uint8Array {
  return rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [2 0 R] /Count 1 >>"]);
}

/** One page of `size` x `size` points, with some text. */
export function hugePagePdf(size: number): Uint8Array {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size} ${size}] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`,
    `<< /Length ${PAGE_CONTENT.length} >>\nstream\n${PAGE_CONTENT}\nendstream`,
  ]);
}

const HELVETICA = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** `pages` pages, each with its own text ("Page n of N"). */
export function manyPagesPdf(pages: number): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, index) => `${4 + index * 2} 0 R`).join(" ")}] /Count ${pages} >>`,
    HELVETICA,
  ];
  for (let index = 0; index < pages; index++) {
    const content = `BT /F1 14 Tf 40 340 Td (Page ${index + 1} of ${pages}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  return rawPdf(objects);
}
export const twoThousandPages = cached(async () => manyPagesPdf(2000));

/** A valid one-page PDF of at least `bytes` bytes: it carries an unused stream of spaces. */
export function paddedPdf(bytes: number): Uint8Array {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources << /Font << /F1 ${HELVETICA} >> >> >>`,
    `<< /Length ${PAGE_CONTENT.length} >>\nstream\n${PAGE_CONTENT}\nendstream`,
    `<< /Length ${bytes} >>\nstream\n${" ".repeat(bytes)}\nendstream`,
  ]);
}

/**
 * A PDF whose text uses an embedded TrueType font (DejaVu Sans, subset) with broken tables:
 * the table directory's offsets of `loca`, `glyf`, `hmtx` and `cmap` point past the end, and
 * `head` is overwritten with noise. The font stream is stored uncompressed.
 */
export const brokenFontPdf = cached(async () => {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const font = await document.embedFont(fontBytes("DejaVuSans"), { subset: true });
  document.addPage([300, 400]).drawText("Élodie signe ici", { x: 30, y: 300, size: 18, font });
  const saved = await document.save({ useObjectStreams: false });

  const loaded = await PDFDocument.load(saved);
  let replaced = 0;
  for (const [, object] of loaded.context.enumerateIndirectObjects()) {
    if (
      !(object instanceof PDFDict) ||
      object.get(PDFName.of("Type")) !== PDFName.of("FontDescriptor")
    ) {
      continue;
    }
    const ref = object.get(PDFName.of("FontFile2"));
    const stream = loaded.context.lookup(ref);
    if (!(ref instanceof PDFRef) || !(stream instanceof PDFRawStream)) continue;
    const font = Buffer.from(decodePDFRawStream(stream).decode());
    const tables = font.readUInt16BE(4);
    for (let index = 0; index < tables; index++) {
      const entry = 12 + index * 16;
      const tag = font.toString("latin1", entry, entry + 4);
      if (tag === "loca" || tag === "glyf" || tag === "hmtx" || tag === "cmap") {
        font.writeUInt32BE(font.length + 0x10000 * (index + 1), entry + 8);
      }
      if (tag === "head") {
        const offset = font.readUInt32BE(entry + 8);
        for (let i = 0; i < 54; i++) font[offset + i] = (i * 97 + 13) & 0xff;
      }
    }
    loaded.context.assign(
      ref,
      loaded.context.stream(new Uint8Array(font), { Length1: font.length }),
    );
    replaced++;
  }
  if (replaced !== 1) throw new Error(`expected one embedded font program, found ${replaced}`);
  return loaded.save({ useObjectStreams: false });
});

/** `pdf` signed (PAdES, an approval signature) by `identity`, as another platform would. */
export async function alreadySignedPdf(
  pdf: Uint8Array,
  identity: PlatformIdentity,
): Promise<Uint8Array> {
  const { bytes } = await sealPdfInThisThread(pdf, {
    identity,
    level: "B-B",
    reason: "Approved by the supplier",
    location: "Lyon",
    signerName: "Supplier",
  });
  return bytes;
}

/**
 * One page whose catalog, page or annotation carries `extra` (dictionary entries), and `objects`
 * after the page's content (numbered from 5).
 */
function onePagePdf(
  extra: { catalog?: string; page?: string } = {},
  objects: readonly string[] = [],
): Uint8Array {
  return rawPdf([
    `<< /Type /Catalog /Pages 2 0 R ${extra.catalog ?? ""} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources << /Font << /F1 ${HELVETICA} >> >> ${extra.page ?? ""} >>`,
    `<< /Length ${PAGE_CONTENT.length} >>\nstream\n${PAGE_CONTENT}\nendstream`,
    ...objects,
  ]);
}

/**
 * A PDF carrying `paraphe-proof.json` as an attachment (`/EmbeddedFiles` and `/AF`, as pdf-lib
 * attaches it): the start of a forged audit-log proof.
 */
export const attachedFilePdf = cached(async () => {
  const document = await PDFDocument.load(await plainPdf());
  await document.attach(
    new TextEncoder().encode('{"format":"paraphe-proof/1"}'),
    "paraphe-proof.json",
    {
      mimeType: "application/json",
      afRelationship: AFRelationship.Data,
    },
  );
  return document.save({ useObjectStreams: false });
});

const EMBEDDED_EXE = "MZ this would be a program";

/** A file attachment annotation (a paper clip on the page) holding an embedded file. */
export function fileAttachmentAnnotationPdf(): Uint8Array {
  return onePagePdf({ page: "/Annots [5 0 R]" }, [
    "<< /Type /Annot /Subtype /FileAttachment /Rect [10 10 30 30] /FS << /Type /Filespec /F (setup.exe) /EF << /F 6 0 R >> >> >>",
    `<< /Type /EmbeddedFile /Length ${EMBEDDED_EXE.length} >>\nstream\n${EMBEDDED_EXE}\nendstream`,
  ]);
}

/** Document-level JavaScript: the catalog's `/Names /JavaScript` tree, its key written `/JavaScript`. */
export function documentJavaScriptPdf(): Uint8Array {
  return onePagePdf({ catalog: "/Names << /JavaScript 5 0 R >>" }, [
    "<< /Names [(init) << /S /JavaScript /JS (app.alert('hello')) >>] >>",
  ]);
}

/**
 * A link on the page that runs JavaScript, its names written with `#` escapes (`/#4A#53` is `/JS`)
 * as hostile files do to slip past byte searches.
 */
export function escapedJavaScriptLinkPdf(): Uint8Array {
  return onePagePdf({ page: "/Annots [5 0 R]" }, [
    "<< /Type /Annot /Subtype /Link /Rect [10 10 200 40] /A << /S /Java#53cript /#4A#53 (this.print()) >> >>",
  ]);
}

/** An `/OpenAction` run when the file opens: `javascript`, `launch` (a program) or `page` (only a page to show). */
export function openActionPdf(action: "javascript" | "launch" | "page"): Uint8Array {
  const value = {
    javascript: "<< /S /JavaScript /JS (app.alert('opened')) >>",
    launch: "<< /S /Launch /F (calc.exe) >>",
    page: "[3 0 R /Fit]",
  }[action];
  return onePagePdf({ catalog: `/OpenAction ${value}` });
}

/** A page with additional actions (`/AA`): a web address opened when the page is shown. */
export function pageAdditionalActionsPdf(): Uint8Array {
  return onePagePdf({ page: "/AA << /O << /S /URI /URI (https://example.com/track) >> >>" });
}

/** Cuts. */
export const truncatedAt = (bytes: Uint8Array, at: number) => bytes.slice(0, Math.floor(at));

/** The offset of the last `keyword` in `bytes`. */
export function lastOffsetOf(bytes: Uint8Array, keyword: string): number {
  const at = latin1(bytes).lastIndexOf(keyword);
  if (at === -1) throw new Error(`no ${keyword} in the file`);
  return at;
}

/** `%PDF-1.7` and a binary comment line, then an executable, then an end-of-file marker. */
export function pdfHeaderThenExecutable(): Uint8Array {
  return concat(
    fromLatin1("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"),
    elfExecutable(),
    fromLatin1("\n%%EOF\n"),
  );
}

export { concat, fromLatin1 };
