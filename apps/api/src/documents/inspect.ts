import { createHash } from "node:crypto";
import { PDF } from "@libpdf/core";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFPageLeaf,
  PDFPageTree,
  type PDFObject,
} from "pdf-lib";
import { ACTIVE_CONTENT_KINDS, findActiveContent } from "./active-content";
import { DocumentError } from "./document-error";

export interface InspectLimits {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Most pages accepted. */
  maxPages: number;
}

export interface PageSize {
  /** Width as displayed (page rotation applied), in PDF points (1/72 inch). */
  width: number;
  /** Height as displayed, in points. */
  height: number;
}

export interface PdfInspection {
  pageCount: number;
  pages: PageSize[];
  /** SHA-256 of the bytes, lowercase hex. */
  sha256: string;
  /** Signed signature fields already in the file (kept valid: Paraphe appends its changes). */
  signatureCount: number;
}

const MAGIC = "%PDF-";
/** Where the header may start: the specification allows leading garbage, readers accept ~1 KB. */
const HEADER_WINDOW = 1024;
/** How far from the end `%%EOF` may be (trailing whitespace and junk are common). */
const TRAILER_WINDOW = 2048;

function indexOfAscii(bytes: Uint8Array, text: string, from: number, to: number): number {
  const end = Math.min(to, bytes.length) - text.length;
  outer: for (let i = Math.max(0, from); i <= end; i++) {
    for (let j = 0; j < text.length; j++) {
      if (bytes[i + j] !== text.charCodeAt(j)) continue outer;
    }
    return i;
  }
  return -1;
}

/**
 * Checks that `bytes` are a PDF Paraphe can use: the magic bytes, the size limit, a complete file
 * that parses, no encryption (with or without a password: a sealed copy could not be produced),
 * at least one page and at most `maxPages`, no active content (embedded files, JavaScript,
 * automatic actions: `active-content.ts`), no certification signature. Returns the page count, each page's displayed size in
 * points and the SHA-256 of the file; throws a `DocumentError` otherwise.
 *
 * Parsing is synchronous (pdf-lib) and bounded by `maxBytes`; it takes a few milliseconds for
 * ordinary documents.
 */
export async function inspectPdf(bytes: Uint8Array, limits: InspectLimits): Promise<PdfInspection> {
  if (bytes.length > limits.maxBytes) {
    throw new DocumentError(
      "too_large",
      `The file is ${bytes.length} bytes; the limit is ${limits.maxBytes} bytes.`,
      { params: { size: bytes.length, limit: limits.maxBytes } },
    );
  }
  const foreign = foreignFormat(bytes, 0);
  if (foreign !== null) {
    throw new DocumentError("not_pdf", `The file is not a PDF: it starts as ${foreign}.`);
  }
  if (indexOfAscii(bytes, MAGIC, 0, HEADER_WINDOW) === -1) {
    throw new DocumentError("not_pdf", "The file is not a PDF: it does not start with %PDF-.");
  }
  const eof = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf("%%EOF");
  const joined = eof === -1 ? null : joinedFile(bytes, eof + "%%EOF".length);
  if (joined !== null) {
    throw new DocumentError(
      "not_pdf",
      `The file is not only a PDF: ${joined} is joined after its end-of-file marker.`,
    );
  }
  if (eof === -1 || eof < bytes.length - TRAILER_WINDOW) {
    throw new DocumentError(
      "truncated",
      "The PDF is incomplete: its end-of-file marker (%%EOF) is missing; the upload was probably cut short.",
    );
  }

  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
  } catch (error) {
    throw new DocumentError("unreadable", "The PDF could not be parsed.", { cause: error });
  }

  if (document.isEncrypted || document.context.trailerInfo.Encrypt !== undefined) {
    throw new DocumentError(
      "encrypted",
      "The PDF is encrypted (password-protected or restricted); encrypted PDFs cannot be signed.",
    );
  }

  let pageCount: number;
  try {
    pageCount = countPages(document);
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError("unreadable", "The PDF's page tree could not be read.", {
      cause: error,
    });
  }
  if (pageCount === 0) {
    throw new DocumentError("no_pages", "The PDF has no pages.");
  }
  if (pageCount > limits.maxPages) {
    throw new DocumentError(
      "too_many_pages",
      `The PDF has ${pageCount} pages; the limit is ${limits.maxPages}.`,
      { params: { count: pageCount, limit: limits.maxPages } },
    );
  }
  let pages: PageSize[];
  try {
    pages = document.getPages().map((page) => {
      const box = page.getCropBox();
      const rotation = normalizedRotation(page.getRotation().angle);
      const quarter = rotation === 90 || rotation === 270;
      const width = quarter ? box.height : box.width;
      const height = quarter ? box.width : box.height;
      if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
        throw new DocumentError("unreadable", "A page of the PDF has no usable size.");
      }
      return { width, height };
    });
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError("unreadable", "The PDF's page tree could not be read.", {
      cause: error,
    });
  }

  const active = findActiveContent(document);
  const first = ACTIVE_CONTENT_KINDS.find((kind) => active.has(kind));
  if (first !== undefined) {
    const keys = ACTIVE_CONTENT_KINDS.flatMap((kind) => [...(active.get(kind) ?? [])]);
    throw new DocumentError(
      first,
      `The PDF carries active content (${keys.join(", ")}): embedded files, JavaScript and automatic actions are refused, so that what signers see is what any reader shows.`,
    );
  }

  const certification = docMdpPermission(document);
  if (certification !== null) {
    throw new DocumentError(
      "certified",
      `The PDF carries a certification signature (DocMDP, P=${certification}) that forbids the changes signing makes (fields drawn on its pages); it would no longer be valid.`,
    );
  }

  const signatureCount = signedFields(document);
  if (signatureCount > 0) {
    const blocker = await incrementalSaveBlocker(bytes);
    if (blocker !== null) {
      throw new DocumentError(
        "signatures_not_kept",
        `The PDF carries ${signatureCount} signature(s) but changes cannot be appended to it (${blocker}): stamping would rewrite it and its signatures would not stay valid.`,
      );
    }
  }

  return { pageCount, pages, sha256: sha256Hex(bytes), signatureCount };
}

/**
 * The pages of the document's page tree, walked without recursion, each intermediate node at most
 * once: a node listed twice (a loop back to an ancestor, or a node shared by two parents, which
 * could multiply the pages exponentially) or a kid that is not a dictionary (an object that could
 * not be parsed, such as one nested too deep) makes the tree unreadable. Linear in the number of
 * objects, so a hostile tree cannot hold the worker (pdf-lib's own traversal recurses).
 */
function countPages(document: PDFDocument): number {
  const { context } = document;
  const unreadable = (why: string) =>
    new DocumentError("unreadable", `The PDF's page tree could not be read: ${why}.`);
  const rootRef = document.catalog.get(PDFName.of("Pages"));
  const root = rootRef === undefined ? undefined : context.lookup(rootRef);
  if (!(root instanceof PDFPageTree)) throw unreadable("its root is not a page tree node");
  const seen = new Set<PDFObject>([root]);
  const pending: PDFPageTree[] = [root];
  let pages = 0;
  while (pending.length > 0) {
    const node = pending.pop()!;
    const kids = context.lookup(node.get(PDFName.of("Kids")));
    if (!(kids instanceof PDFArray)) throw unreadable("a node of the tree has no kids");
    for (let index = 0; index < kids.size(); index++) {
      const kid = context.lookup(kids.get(index));
      if (!(kid instanceof PDFDict)) throw unreadable("a page could not be parsed");
      // As pdf-lib's traversal (which draws the pages): leaves and nodes, anything else skipped.
      if (kid instanceof PDFPageLeaf) pages++;
      if (!(kid instanceof PDFPageTree)) continue;
      if (seen.has(kid)) throw unreadable("a node appears twice (the tree loops)");
      seen.add(kid);
      pending.push(kid);
    }
  }
  return pages;
}

/** The PDF format's white-space bytes: NUL, tab, line feed, form feed, carriage return, space. */
const PDF_WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/** Another format's signature at `offset`: an executable or an archive, or null. */
function foreignFormat(bytes: Uint8Array, offset: number): string | null {
  const startsWith = (signature: readonly number[]) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0x4d, 0x5a])) return "a Windows executable (MZ)";
  if (startsWith([0x7f, 0x45, 0x4c, 0x46])) return "a Linux executable (ELF)";
  if (
    startsWith([0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith([0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith([0xca, 0xfe, 0xba, 0xbe])
  ) {
    return "a macOS executable (Mach-O)";
  }
  if (startsWith([0x50, 0x4b, 0x03, 0x04]) || startsWith([0x50, 0x4b, 0x05, 0x06])) {
    return "a ZIP archive";
  }
  if (startsWith([0x23, 0x21])) return "a script (#!)";
  return null;
}

/**
 * What is joined after the last end-of-file marker, when it is another file: an executable, or a
 * ZIP archive (whose readers look for its directory at the end of the file, so the upload would
 * open as an archive too). Whitespace and junk that is neither stays tolerated, as readers do.
 */
function joinedFile(bytes: Uint8Array, from: number): string | null {
  let start = from;
  while (start < bytes.length && PDF_WHITESPACE.has(bytes[start]!)) start++;
  if (start >= bytes.length) return null;
  const foreign = foreignFormat(bytes, start);
  if (foreign !== null) return foreign;
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.length - start);
  return tail.includes("PK\x05\x06", 0, "latin1") || tail.includes("PK\x01\x02", 0, "latin1")
    ? "a ZIP archive"
    : null;
}

/**
 * Why @libpdf/core, which stamps and seals, would rewrite the file instead of appending to it
 * ("linearized", "brute-force-recovery": a file it had to repair), or null. Asked only of signed
 * PDFs (a second parse).
 */
async function incrementalSaveBlocker(bytes: Uint8Array): Promise<string | null> {
  try {
    return (await PDF.load(bytes)).canSaveIncrementally();
  } catch (error) {
    throw new DocumentError("unreadable", "The PDF could not be parsed.", { cause: error });
  }
}

/**
 * The permission (P: 1 no changes, 2 form filling and signing, 3 also annotations) of the
 * document's certification signature (catalog /Perms /DocMDP), or null when it has none. Every
 * level forbids what stamping does (drawing on pages), so any certification is reported.
 */
function docMdpPermission(document: PDFDocument): number | null {
  const lookup = (value: PDFObject | undefined) =>
    value === undefined ? undefined : document.context.lookup(value);
  const perms = lookup(document.catalog.get(PDFName.of("Perms")));
  if (!(perms instanceof PDFDict)) return null;
  const signature = lookup(perms.get(PDFName.of("DocMDP")));
  if (!(signature instanceof PDFDict)) return null;
  const references = lookup(signature.get(PDFName.of("Reference")));
  if (references instanceof PDFArray) {
    for (let index = 0; index < references.size(); index++) {
      const reference = lookup(references.get(index));
      if (!(reference instanceof PDFDict)) continue;
      if (lookup(reference.get(PDFName.of("TransformMethod"))) !== PDFName.of("DocMDP")) continue;
      const params = lookup(reference.get(PDFName.of("TransformParams")));
      const permission =
        params instanceof PDFDict ? lookup(params.get(PDFName.of("P"))) : undefined;
      return permission instanceof PDFNumber ? permission.asNumber() : 2;
    }
  }
  return 2; // A DocMDP signature without readable parameters: the default permission.
}

/** Signature fields with a value (/FT /Sig and /V), through the AcroForm's field tree. */
function signedFields(document: PDFDocument): number {
  const lookup = (value: PDFObject | undefined) =>
    value === undefined ? undefined : document.context.lookup(value);
  const form = lookup(document.catalog.get(PDFName.of("AcroForm")));
  if (!(form instanceof PDFDict)) return 0;
  let count = 0;
  const seen = new Set<PDFObject>();
  const pending: PDFObject[] = [];
  const roots = lookup(form.get(PDFName.of("Fields")));
  if (roots instanceof PDFArray) pending.push(...roots.asArray());
  while (pending.length > 0) {
    const field = lookup(pending.pop());
    if (!(field instanceof PDFDict) || seen.has(field)) continue;
    seen.add(field);
    if (
      lookup(field.get(PDFName.of("FT"))) === PDFName.of("Sig") &&
      field.get(PDFName.of("V")) !== undefined
    ) {
      count++;
    }
    const kids = lookup(field.get(PDFName.of("Kids")));
    if (kids instanceof PDFArray) pending.push(...kids.asArray());
  }
  return count;
}

/** A page rotation in degrees as 0, 90, 180 or 270. */
export function normalizedRotation(degrees: number): 0 | 90 | 180 | 270 {
  const normalized = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return normalized as 0 | 90 | 180 | 270;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
