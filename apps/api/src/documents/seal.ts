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
import {
  addLongTermValidation,
  plainWarning,
  recordingCertificates,
  type SealWarning,
} from "./seal-long-term";
import { uniqueFieldName } from "./signature-field-name";
import { drawFields, parseStampFields, type StampField } from "./stamp";

export type { SealWarning } from "./seal-long-term";

/**
 * PAdES baseline levels Paraphe produces: B-B without a timestamp authority; with one, B-LTA (the
 * seal timestamped, validation data for every signature of the file in a DSS, then a document
 * timestamp, and the timestamp authority's own validation data). B-T (the seal timestamped, no
 * validation data) is kept for callers that ask for it.
 */
export type SealLevel = "B-B" | "B-T" | "B-LTA";

export interface SealOptions {
  identity: PlatformIdentity;
  level: SealLevel;
  /** RFC 3161 timestamp authority; required for B-T and B-LTA. */
  tsaUrl?: string;
  /**
   * B-LTA gathers validation data from the addresses the certificates in the file name (an
   * uploaded document's own signature names any it likes): only public internet addresses are
   * reached unless this is true (development and tests, whose services run on this machine).
   */
  allowPrivateValidationAddresses?: boolean;
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

/** A sealed file, the level it reached and what the seal could not do. */
export interface SealResult {
  bytes: Uint8Array;
  level: SealLevel;
  warnings: SealWarning[];
}

const signers = new Map<string, Promise<Signer>>();

function requireTimestampAuthority(options: SealOptions): void {
  if (options.level !== "B-B" && !options.tsaUrl) {
    throw new Error(`A ${options.level} seal needs a timestamp authority URL (TSA_URL).`);
  }
}

/** The work of `sealPdf`, in the calling thread (the worker calls it). */
export async function sealPdfInThisThread(
  bytes: Uint8Array,
  options: SealOptions,
): Promise<SealResult> {
  requireTimestampAuthority(options);
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
): Promise<SealResult> {
  const parsed = parseStampFields(fields);
  requireTimestampAuthority(options);
  const signer = await signerFor(options.identity);
  const pdf = await PDF.load(bytes);
  drawFields(pdf, parsed);
  // The signers' files go in before the seal, so that its signature covers them.
  embedAttachments(pdf, attachments);
  return sealLoadedPdf(pdf, signer, options);
}

/**
 * Seals the loaded document. B-LTA: the seal is signed at B-T, then `addLongTermValidation`
 * (`seal-long-term.ts`) gathers the validation data of every signature the file holds into the
 * DSS, adds a document timestamp over the whole, and the timestamp authority's validation data in
 * a last DSS update. What could not be gathered is answered as warnings, not dropped.
 */
async function sealLoadedPdf(pdf: PDF, signer: Signer, options: SealOptions): Promise<SealResult> {
  const chainBytes = [signer.certificate, ...(signer.certificateChain ?? [])].reduce(
    (total, certificate) => total + certificate.length,
    0,
  );
  // The certificates of the tokens the authority answers: the issuers of its own certificate.
  const tokenCertificates: Uint8Array[] = [];
  const timestampAuthority =
    options.level !== "B-B" && options.tsaUrl
      ? recordingCertificates(
          // The operator's authority (TSA_URL), reached as configured.
          new HttpTimestampAuthority(options.tsaUrl, { timeout: 20_000, fetch: globalThis.fetch }),
          tokenCertificates,
        )
      : undefined;
  const signed = await pdf.sign({
    signer,
    level: options.level === "B-B" ? "B-B" : "B-T",
    timestampAuthority,
    reason: options.reason,
    location: options.location,
    fieldName: uniqueFieldName(pdf, options.signerName),
    signingTime: options.signingTime,
    digestAlgorithm: "SHA-256",
    // The CMS holds the certificates and, for B-T, the timestamp token with its own certificates.
    estimatedSize: 8192 + 2 * chainBytes + (options.level === "B-B" ? 0 : 12_288),
  });
  if (options.level !== "B-LTA" || timestampAuthority === undefined) {
    return {
      bytes: signed.bytes,
      level: options.level,
      warnings: signed.warnings.map(plainWarning),
    };
  }
  const archived = await addLongTermValidation(pdf, {
    timestampAuthority,
    certificates: [signer.certificate, ...(signer.certificateChain ?? []), ...tokenCertificates],
    allowPrivateAddresses: options.allowPrivateValidationAddresses === true,
  });
  const warnings = [...signed.warnings.map(plainWarning), ...archived.warnings];
  const seen = new Set<string>();
  return {
    bytes: archived.bytes,
    level: "B-LTA",
    warnings: warnings.filter((warning) => {
      const key = `${warning.code}\0${warning.message}`;
      return !seen.has(key) && seen.add(key);
    }),
  };
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
