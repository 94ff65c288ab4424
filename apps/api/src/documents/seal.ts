import {
  CryptoKeySigner,
  HttpTimestampAuthority,
  P12Signer,
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfRef,
  PdfString,
  type Signer,
} from "@libpdf/core";
// @peculiar/x509 resolves its providers through tsyringe, which needs the Reflect metadata API
// first (ES modules evaluate imports in order).
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { type PlatformIdentity } from "./certificates";
import { drawFields, parseStampFields, type StampField } from "./stamp";

/** PAdES baseline levels Paraphe produces: B-B by default, B-T with a timestamp authority. */
export type SealLevel = "B-B" | "B-T";

export interface SealOptions {
  identity: PlatformIdentity;
  level: SealLevel;
  /** RFC 3161 timestamp authority; required for B-T. */
  tsaUrl?: string;
  /** Shown by validators as the signature's reason ("Sealed by Paraphe after all signers signed"). */
  reason: string;
  location: string;
  /**
   * Name of the seal's signature field, which viewers list in their signature panel. (The
   * signer that validators show is the certificate's subject; @libpdf/core 0.4 writes no /Name.)
   */
  signerName: string;
  /** The claimed signing time; now by default. Only a B-T timestamp proves it. */
  signingTime?: Date;
}

/** A file embedded in the sealed PDF (a signer's attachment), before the seal is applied. */
export interface SealAttachment {
  /** The file's name as readers list it; names are made unique in the document. */
  name: string;
  data: Uint8Array;
  mimeType: string;
  description: string;
}

/**
 * Embeds files in the PDF's EmbeddedFiles name tree (the attachments pane of PDF readers), each
 * under a unique name (` (2)`, ` (3)`... before the extension when a name repeats).
 */
export function embedAttachments(pdf: PDF, attachments: readonly SealAttachment[]): void {
  const taken = new Set(pdf.getAttachments().keys());
  const added: string[] = [];
  for (const attachment of attachments) {
    let name = attachment.name;
    for (let copy = 2; taken.has(name); copy++) {
      const dot = attachment.name.lastIndexOf(".");
      name =
        dot > 0
          ? `${attachment.name.slice(0, dot)} (${copy})${attachment.name.slice(dot)}`
          : `${attachment.name} (${copy})`;
    }
    taken.add(name);
    pdf.addAttachment(name, attachment.data, {
      mimeType: attachment.mimeType,
      description: attachment.description,
    });
    added.push(name);
  }
  markAssociatedFiles(pdf, added);
}

/**
 * Lists the embedded files named `names` as the document's associated files (PDF 2.0 / PDF/A-3:
 * the catalog's /AF, each file specification's /AFRelationship /Supplement), where the
 * EmbeddedFiles tree is a flat /Names array of references, as the library writes it.
 */
function markAssociatedFiles(pdf: PDF, names: readonly string[]): void {
  if (names.length === 0) return;
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const catalog = pdf.getCatalog();
  const tree = catalog.get("Names", resolve);
  const embedded = tree instanceof PdfDict ? tree.get("EmbeddedFiles", resolve) : undefined;
  const flat = embedded instanceof PdfDict ? embedded.get("Names", resolve) : undefined;
  if (!(flat instanceof PdfArray)) return;
  const associated = catalog.get("AF", resolve);
  const list = associated instanceof PdfArray ? associated : new PdfArray();
  for (let index = 0; index + 1 < flat.length; index += 2) {
    const key = flat.at(index);
    const spec = flat.at(index + 1);
    if (!(key instanceof PdfString) || !(spec instanceof PdfRef)) continue;
    if (!names.includes(key.asString())) continue;
    const dict = pdf.getObject(spec);
    if (dict instanceof PdfDict) dict.set("AFRelationship", PdfName.of("Supplement"));
    list.push(spec);
  }
  if (list.length > 0) catalog.set("AF", list);
}

const signers = new Map<string, Promise<Signer>>();

/** The work of `sealPdf`, in the calling thread (the worker calls it). */
export async function sealPdfInThisThread(
  bytes: Uint8Array,
  options: SealOptions,
): Promise<Uint8Array> {
  if (options.level === "B-T" && !options.tsaUrl) {
    throw new Error("A B-T seal needs a timestamp authority URL (TSA_URL).");
  }
  const signer = await signerFor(options.identity);
  return sealLoadedPdf(await PDF.load(bytes), signer, options);
}

/**
 * Stamps the filled fields (`stampFields`) and seals the result (`sealPdfInThisThread`) on one
 * loaded document: the drawing and the seal are written in the same incremental update, whose
 * signature covers the whole file (the original bytes, the drawing and the signature's own
 * dictionary), instead of loading and saving the document once to stamp and again to seal. The
 * original bytes stay as they were, so signatures already in the file stay valid.
 * Files given in `attachments` are embedded (`embedAttachments`) before the seal.
 */
export async function stampAndSealInThisThread(
  bytes: Uint8Array,
  fields: readonly StampField[],
  options: SealOptions,
  attachments: readonly SealAttachment[] = [],
): Promise<Uint8Array> {
  const parsed = parseStampFields(fields);
  if (options.level === "B-T" && !options.tsaUrl) {
    throw new Error("A B-T seal needs a timestamp authority URL (TSA_URL).");
  }
  const signer = await signerFor(options.identity);
  const pdf = await PDF.load(bytes);
  drawFields(pdf, parsed);
  // The signers' files go in before the seal, so that its signature covers them.
  embedAttachments(pdf, attachments);
  return sealLoadedPdf(pdf, signer, options);
}

async function sealLoadedPdf(pdf: PDF, signer: Signer, options: SealOptions): Promise<Uint8Array> {
  const chainBytes = [signer.certificate, ...(signer.certificateChain ?? [])].reduce(
    (total, certificate) => total + certificate.length,
    0,
  );
  const { bytes: sealed } = await pdf.sign({
    signer,
    level: options.level,
    timestampAuthority:
      options.level === "B-T" && options.tsaUrl
        ? new HttpTimestampAuthority(options.tsaUrl, { timeout: 20_000 })
        : undefined,
    reason: options.reason,
    location: options.location,
    fieldName: uniqueFieldName(pdf, options.signerName),
    signingTime: options.signingTime,
    digestAlgorithm: "SHA-256",
    // The CMS holds the certificates and, for B-T, the timestamp token with its own certificates.
    estimatedSize: 8192 + 2 * chainBytes + (options.level === "B-T" ? 12_288 : 0),
  });
  return sealed;
}

export function uniqueFieldName(pdf: PDF, wanted: string): string {
  const base = wanted.replace(/[.\p{Cc}]/gu, " ").trim() || "Seal";
  const taken = new Set(pdf.getForm()?.getFieldNames() ?? []);
  let name = base;
  for (let index = 2; taken.has(name); index++) name = `${base} ${index}`;
  return name;
}

function signerFor(identity: PlatformIdentity): Promise<Signer> {
  let signer = signers.get(identity.fingerprintSha256);
  if (!signer) {
    signer = createSigner(identity);
    signers.set(identity.fingerprintSha256, signer);
    signer.catch(() => signers.delete(identity.fingerprintSha256));
  }
  return signer;
}

async function createSigner(identity: PlatformIdentity): Promise<Signer> {
  if (identity.key.format === "pkcs12") {
    return P12Signer.create(identity.key.p12, identity.key.passphrase);
  }
  const algorithm = new x509.X509Certificate(identity.certificate).publicKey.algorithm;
  if (algorithm.name === "RSASSA-PKCS1-v1_5" || algorithm.name === "RSA-PSS") {
    const key = await crypto.subtle.importKey(
      "pkcs8",
      identity.key.pkcs8,
      { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
      false,
      ["sign"],
    );
    return new CryptoKeySigner(key, identity.certificate, "RSA", "RSASSA-PKCS1-v1_5");
  }
  if (algorithm.name === "ECDSA") {
    const namedCurve = (algorithm as { namedCurve?: string }).namedCurve ?? "P-256";
    const key = await crypto.subtle.importKey(
      "pkcs8",
      identity.key.pkcs8,
      { name: "ECDSA", namedCurve },
      false,
      ["sign"],
    );
    return new CryptoKeySigner(key, identity.certificate, "EC", "ECDSA");
  }
  throw new Error(`The signing certificate's key type (${algorithm.name}) is not supported.`);
}
