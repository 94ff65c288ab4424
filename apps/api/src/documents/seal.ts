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
  type RevocationProvider,
  type SignWarning,
  type Signer,
  type TimestampAuthority,
} from "@libpdf/core";
// @peculiar/x509 resolves its providers through tsyringe, which needs the Reflect metadata API
// first (ES modules evaluate imports in order).
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { createHash } from "node:crypto";
import { createOutboundFetch } from "../http/outbound-fetch";
import { type PlatformIdentity } from "./certificates";
import { drawFields, parseStampFields, type StampField } from "./stamp";

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

/** Something the seal could not do in full (validation data it could not gather), said plainly. */
export interface SealWarning {
  /**
   * `REVOCATION_UNAVAILABLE`: no OCSP response nor CRL could be had for a certificate; the
   * library's codes otherwise (`CHAIN_INCOMPLETE`, `TSA_CHAIN_INCOMPLETE`...).
   */
  code: string;
  /** In English, naming the certificate or the service; never a key or a passphrase. */
  message: string;
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
 * Seals the loaded document. B-LTA: the seal is signed at B-T, then `addArchivalData` gathers the
 * validation data of every signature the file holds (signers' signatures, the seal and their
 * timestamp tokens: chains, an OCSP response or, without one, a CRL for each certificate) into the
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
    return { bytes: signed.bytes, level: options.level, warnings: signed.warnings.map(plain) };
  }
  const guarded = createOutboundFetch({
    allowPrivateAddresses: options.allowPrivateValidationAddresses === true,
    maxResponseBytes: MAX_VALIDATION_RESPONSE_BYTES,
  }) as typeof fetch;
  const revocation = new RecordingRevocationProvider(
    [signer.certificate, ...(signer.certificateChain ?? []), ...tokenCertificates],
    guarded,
  );
  // The library fetches missing issuers (authorityInfoAccess caIssuers) with the global fetch:
  // guarded too while it gathers (this worker thread runs one task at a time).
  const globalFetch = globalThis.fetch;
  globalThis.fetch = guarded;
  let archived: Awaited<ReturnType<PDF["addArchivalData"]>>;
  try {
    archived = await pdf.addArchivalData({
      timestampAuthority: recordingCertificates(timestampAuthority, revocation.pool),
      revocationProvider: revocation,
      fieldName: uniqueFieldName(pdf, "Paraphe archival timestamp"),
      digestAlgorithm: "SHA-256",
      estimatedSize: 16_384,
    });
  } finally {
    globalThis.fetch = globalFetch;
  }
  const warnings = [...signed.warnings, ...archived.warnings, ...revocation.warnings].map(plain);
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

function plain(warning: SignWarning): SealWarning {
  return { code: warning.code, message: warning.message };
}

/** The largest OCSP response, CRL or certificate read while gathering validation data. */
const MAX_VALIDATION_RESPONSE_BYTES = 20 * 1024 * 1024;

/** A timestamp authority whose tokens' certificates are added to `pool`. */
function recordingCertificates(
  authority: TimestampAuthority,
  pool: Uint8Array[],
): TimestampAuthority {
  return {
    timestamp: async (digest, algorithm) => {
      const token = await authority.timestamp(digest, algorithm);
      try {
        for (const certificate of new x509.X509Certificates(token)) {
          pool.push(new Uint8Array(certificate.rawData));
        }
      } catch {
        // A token whose certificates cannot be read: its authority's issuer is looked up elsewhere.
      }
      return token;
    },
  };
}

/**
 * Fetches revocation data where a certificate says it is (RFC 6960 OCSP over HTTP POST from its
 * authorityInfoAccess; else the first CRL of its crlDistributionPoints that answers), and records
 * each certificate but a self-signed root for which neither could be had.
 */
class RecordingRevocationProvider implements RevocationProvider {
  readonly warnings: SealWarning[] = [];

  /**
   * @param pool certificates that may issue the ones asked about: the library names a timestamp
   * authority's certificate as its own issuer (@libpdf/core 0.4.2), so the issuer is checked and,
   * when it did not issue the certificate, looked up here.
   */
  constructor(
    readonly pool: Uint8Array[],
    private readonly fetch: typeof globalThis.fetch,
  ) {}

  private async issuerOf(
    certificate: x509.X509Certificate,
    named: x509.X509Certificate,
  ): Promise<x509.X509Certificate | undefined> {
    const candidates = [named, ...this.pool.map((der) => new x509.X509Certificate(der))];
    for (const candidate of candidates) {
      if (candidate.subject !== certificate.issuer) continue;
      if (candidate.equal(certificate) && !(await certificate.isSelfSigned())) continue;
      const signed = await certificate
        .verify({ publicKey: candidate.publicKey, signatureOnly: true })
        .catch(() => false);
      if (signed) return candidate;
    }
    return undefined;
  }

  async getOCSP(der: Uint8Array, issuerDer: Uint8Array): Promise<Uint8Array | null> {
    this.pool.push(der, issuerDer);
    const certificate = new x509.X509Certificate(der);
    const issuer = await this.issuerOf(certificate, new x509.X509Certificate(issuerDer));
    if (issuer === undefined) return null;
    const access = certificate.getExtension(x509.AuthorityInfoAccessExtension);
    const url = access?.ocsp.find((name) => name.type === "url")?.value;
    if (url === undefined) return null;
    try {
      const response = await this.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/ocsp-request" },
        body: ocspRequest(certificate, issuer),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) return null;
      const body = new Uint8Array(await response.arrayBuffer());
      // OCSPResponse ::= SEQUENCE { responseStatus ENUMERATED (0: successful), ... }
      return body[0] === 0x30 && successfulOcsp(body) ? body : null;
    } catch {
      return null;
    }
  }

  async getCRL(der: Uint8Array): Promise<Uint8Array | null> {
    const certificate = new x509.X509Certificate(der);
    const points = certificate.getExtension(x509.CRLDistributionPointsExtension);
    const urls = (points?.distributionPoints ?? []).flatMap((point) =>
      (point.distributionPoint?.fullName ?? []).flatMap((name) =>
        name.uniformResourceIdentifier === undefined ? [] : [name.uniformResourceIdentifier],
      ),
    );
    for (const url of urls) {
      try {
        const response = await this.fetch(url, { signal: AbortSignal.timeout(15_000) });
        if (response.ok) return new Uint8Array(await response.arrayBuffer());
      } catch {
        // The next distribution point, if any.
      }
    }
    // A self-signed root has no status to publish; a certificate with id-ce-noRevAvail (RFC 9608,
    // short-lived) says its issuer publishes none.
    const noneNeeded =
      (await certificate.isSelfSigned()) || certificate.getExtension("2.5.29.56") !== null;
    if (!noneNeeded) {
      this.warnings.push({
        code: "REVOCATION_UNAVAILABLE",
        // Named by issuer and serial: a signer's certificate names the signer, who stays out of logs.
        message: `No OCSP response nor CRL could be obtained for the certificate of serial ${certificate.serialNumber} issued by "${certificate.issuer}".`,
      });
    }
    return null;
  }
}

/** DER: one tag-length-value. */
function tlv(tag: number, ...parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts);
  const length = body.length;
  const header =
    length < 0x80
      ? [length]
      : length < 0x100
        ? [0x81, length]
        : length < 0x10000
          ? [0x82, length >> 8, length & 0xff]
          : [0x83, length >> 16, (length >> 8) & 0xff, length & 0xff];
  return Buffer.concat([Buffer.from([tag, ...header]), body]);
}

/** The value of the DER element at `offset` (its start and end), for the SPKI's BIT STRING. */
function elementAt(der: Uint8Array, offset: number): { start: number; end: number } {
  const first = der[offset + 1] ?? 0;
  if (first < 0x80) return { start: offset + 2, end: offset + 2 + first };
  const count = first & 0x7f;
  let length = 0;
  for (let index = 0; index < count; index++)
    length = length * 256 + (der[offset + 2 + index] ?? 0);
  return { start: offset + 2 + count, end: offset + 2 + count + length };
}

/**
 * An OCSP request (RFC 6960, 4.1) for one certificate, its CertID hashed with SHA-1 as responders
 * expect: the issuer's name and the issuer's public key (the SPKI's BIT STRING, unused-bits byte
 * aside), and the serial number.
 */
function ocspRequest(certificate: x509.X509Certificate, issuer: x509.X509Certificate): Uint8Array {
  const sha1 = (bytes: Uint8Array) => createHash("sha1").update(bytes).digest();
  const spki = new Uint8Array(issuer.publicKey.rawData);
  const outer = elementAt(spki, 0);
  const algorithm = elementAt(spki, outer.start);
  const bits = elementAt(spki, algorithm.end);
  const key = spki.subarray(bits.start + 1, bits.end);
  let serial = Buffer.from(certificate.serialNumber, "hex");
  if ((serial[0] ?? 0) & 0x80) serial = Buffer.concat([Buffer.from([0]), serial]);
  const sha1Algorithm = tlv(
    0x30,
    tlv(0x06, Buffer.from([0x2b, 0x0e, 0x03, 0x02, 0x1a])),
    tlv(0x05),
  );
  const certId = tlv(
    0x30,
    sha1Algorithm,
    tlv(0x04, sha1(new Uint8Array(issuer.subjectName.toArrayBuffer()))),
    tlv(0x04, sha1(key)),
    tlv(0x02, serial),
  );
  return tlv(0x30, tlv(0x30, tlv(0x30, tlv(0x30, certId))));
}

/** Whether an OCSPResponse's responseStatus is successful (0). */
function successfulOcsp(body: Uint8Array): boolean {
  const outer = elementAt(body, 0);
  return body[outer.start] === 0x0a && body[outer.start + 1] === 1 && body[outer.start + 2] === 0;
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
