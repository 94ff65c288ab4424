import { createHash, X509Certificate } from "node:crypto";
import { PdfArray, PdfDict, PdfRef, PdfStream, PDF, type PdfObject } from "@libpdf/core";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { verifyWithAlgorithm } from "./cms-signed-data";

/*
 * Long-term validation (PAdES B-LT and B-LTA, ETSI EN 319 142-1): the validation data a file
 * carries in its Document Security Store (the catalog's /DSS: certificates, OCSP responses,
 * CRLs), the revocation status it proves for a certificate at a time, and what the revisions
 * added after a signature changed.
 */

/** The validation data of a file's DSS, parsed; what could not be parsed is left out. */
export interface DocumentSecurityStore {
  present: boolean;
  certificates: X509Certificate[];
  ocsps: pkijs.BasicOCSPResponse[];
  crls: pkijs.CertificateRevocationList[];
}

/** The largest number of entries read from each of the DSS's arrays. */
const MAX_DSS_ENTRIES = 1000;

/** Reads the catalog's /DSS (its /Certs, /OCSPs and /CRLs streams). */
export function readDocumentSecurityStore(pdf: PDF): DocumentSecurityStore {
  const store: DocumentSecurityStore = { present: false, certificates: [], ocsps: [], crls: [] };
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const dss = pdf.getCatalog().get("DSS", resolve);
  if (!(dss instanceof PdfDict)) return store;
  store.present = true;
  const streams = (key: string): Uint8Array<ArrayBuffer>[] => {
    const array = dss.get(key, resolve);
    if (!(array instanceof PdfArray)) return [];
    return array
      .toArray()
      .slice(0, MAX_DSS_ENTRIES)
      .flatMap((item) => {
        const stream = item instanceof PdfRef ? pdf.getObject(item) : item;
        if (!(stream instanceof PdfStream)) return [];
        try {
          return [new Uint8Array(stream.getDecodedData())];
        } catch {
          return [];
        }
      });
  };
  for (const der of streams("Certs")) {
    try {
      store.certificates.push(new X509Certificate(der));
    } catch {
      // Not a certificate: ignored.
    }
  }
  for (const der of streams("OCSPs")) {
    try {
      const response = pkijs.OCSPResponse.fromBER(der);
      const bytes = response.responseBytes?.response.valueBlock.valueHexView;
      if (bytes !== undefined) {
        store.ocsps.push(pkijs.BasicOCSPResponse.fromBER(new Uint8Array(bytes)));
      }
    } catch {
      // Not an OCSP response: ignored.
    }
  }
  for (const der of streams("CRLs")) {
    try {
      store.crls.push(pkijs.CertificateRevocationList.fromBER(der));
    } catch {
      // Not a CRL: ignored.
    }
  }
  return store;
}

/** What the DSS proves of one certificate's revocation at a time. */
export type RevocationStatus =
  /** Not revoked: a response or CRL issued at or after the time says so. */
  | { status: "good"; source: "ocsp" | "crl"; issuedAt: Date }
  /** Revoked after the time: good then. */
  | { status: "revoked-later"; source: "ocsp" | "crl"; revokedAt: Date }
  | { status: "revoked"; source: "ocsp" | "crl"; revokedAt: Date }
  /** No OCSP response nor CRL of the DSS, signed by the issuer (or its responder), covers it. */
  | { status: "missing" };

/**
 * How long before the time to prove a response or CRL may have been issued and still count (the
 * clocks of a timestamp authority and an OCSP responder are not the same clock).
 */
const CLOCK_SKEW_MS = 5 * 60_000;

const HASHES: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};
const OCSP_SIGNING = "1.3.6.1.5.5.7.3.9";

function pki(certificate: X509Certificate): pkijs.Certificate {
  return pkijs.Certificate.fromBER(certificate.raw);
}

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("hex");
}

function serialHex(integer: asn1js.Integer): string {
  return hex(integer.valueBlock.valueHexView)
    .replace(/^(00)+(?=.)/, "")
    .toLowerCase();
}

/**
 * The revocation status of `certificate` (issued by `issuer`) at `at`, from the DSS: an OCSP
 * response for it (its CertID naming it and its issuer) signed by the issuer or by a responder the
 * issuer delegated (extendedKeyUsage OCSPSigning, issued by it), or a CRL of the issuer signed by
 * it; issued no earlier than `at` (less a few minutes of clock skew), so that it speaks of `at`.
 */
export function revocationStatus(
  certificate: X509Certificate,
  issuer: X509Certificate,
  at: Date,
  store: DocumentSecurityStore,
): RevocationStatus {
  const subject = pki(certificate);
  const issuerPki = pki(issuer);
  const serial = serialHex(subject.serialNumber);
  const issuerName = new Uint8Array(issuerPki.subject.toSchema().toBER(false));
  const issuerKey = issuerPki.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
  const notBefore = at.getTime() - CLOCK_SKEW_MS;
  let revoked: RevocationStatus | undefined;

  for (const response of store.ocsps) {
    const responses = response.tbsResponseData.responses.filter((single) => {
      const hash = HASHES[single.certID.hashAlgorithm.algorithmId];
      if (hash === undefined || serialHex(single.certID.serialNumber) !== serial) return false;
      const nameHash = createHash(hash).update(issuerName).digest("hex");
      const keyHash = createHash(hash).update(issuerKey).digest("hex");
      return (
        hex(single.certID.issuerNameHash.valueBlock.valueHexView) === nameHash &&
        hex(single.certID.issuerKeyHash.valueBlock.valueHexView) === keyHash
      );
    });
    if (responses.length === 0 || !ocspSignedFor(response, issuer, store)) continue;
    for (const single of responses) {
      if (single.thisUpdate.getTime() < notBefore) continue;
      const status = single.certStatus as asn1js.BaseBlock;
      const tag = status.idBlock.tagNumber;
      if (tag === 0) return { status: "good", source: "ocsp", issuedAt: single.thisUpdate };
      if (tag === 1 && status instanceof asn1js.Constructed) {
        const time = status.valueBlock.value[0];
        const revokedAt = time instanceof asn1js.GeneralizedTime ? time.toDate() : new Date(0);
        revoked =
          revokedAt.getTime() > at.getTime()
            ? { status: "revoked-later", source: "ocsp", revokedAt }
            : { status: "revoked", source: "ocsp", revokedAt };
      }
    }
  }
  if (revoked !== undefined) return revoked;

  for (const crl of store.crls) {
    if (!crl.issuer.isEqual(issuerPki.subject)) continue;
    if (crl.thisUpdate.value.getTime() < notBefore) continue;
    const signed = verifyWithAlgorithm(
      crl.signatureAlgorithm,
      crl.tbsView,
      issuer.publicKey,
      crl.signatureValue.valueBlock.valueHexView,
    );
    if (!signed) continue;
    const entry = (crl.revokedCertificates ?? []).find(
      (item) => serialHex(item.userCertificate) === serial,
    );
    if (entry === undefined) {
      return { status: "good", source: "crl", issuedAt: crl.thisUpdate.value };
    }
    const revokedAt = entry.revocationDate.value;
    return revokedAt.getTime() > at.getTime()
      ? { status: "revoked-later", source: "crl", revokedAt }
      : { status: "revoked", source: "crl", revokedAt };
  }
  return { status: "missing" };
}

/** id-ce-noRevAvail (RFC 9608): the issuer publishes no revocation status for the certificate. */
const NO_REVOCATION_AVAILABLE = "2.5.29.56";

/**
 * Whether `certificate` says its issuer publishes no revocation status for it (the
 * noRevAvail extension of RFC 9608, which short-lived certificates carry): none is needed.
 */
export function hasNoRevocationAvailable(certificate: X509Certificate): boolean {
  try {
    return (pki(certificate).extensions ?? []).some(
      (extension) => extension.extnID === NO_REVOCATION_AVAILABLE,
    );
  } catch {
    return false;
  }
}

/** Whether the OCSP response is signed by `issuer` or by a responder it delegated. */
function ocspSignedFor(
  response: pkijs.BasicOCSPResponse,
  issuer: X509Certificate,
  store: DocumentSecurityStore,
): boolean {
  const carried = (response.certs ?? []).map(
    (certificate) => new X509Certificate(Buffer.from(certificate.toSchema().toBER(false))),
  );
  const producedAt = response.tbsResponseData.producedAt;
  const candidates = [issuer, ...carried, ...store.certificates].filter(
    (candidate) =>
      candidate.raw.equals(issuer.raw) ||
      (candidate.checkIssued(issuer) &&
        candidate.verify(issuer.publicKey) &&
        (candidate.keyUsage ?? []).includes(OCSP_SIGNING) &&
        new Date(candidate.validFrom).getTime() <= producedAt.getTime() &&
        producedAt.getTime() <= new Date(candidate.validTo).getTime()),
  );
  return candidates.some((candidate) =>
    verifyWithAlgorithm(
      response.signatureAlgorithm,
      response.tbsResponseData.tbsView,
      candidate.publicKey,
      response.signature.valueBlock.valueHexView,
    ),
  );
}

/**
 * Checks that the revisions after the first `from` bytes only add validation data and document
 * timestamps (what PAdES B-LT and B-LTA append after a signature): each object they redefine that
 * existed before is the catalog (changed only in its /DSS) or the interactive form (changed only
 * by fields appended to /Fields, each a signature field whose value is a document timestamp), and
 * the trailer's /Root stays the same object. Answers why not, in English, or undefined.
 */
export async function checkValidationDataRevisions(
  bytes: Uint8Array,
  from: number,
  pdf: PDF,
): Promise<string | undefined> {
  if (from >= bytes.length) return undefined;
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + from, bytes.length - from).toString(
    "latin1",
  );
  // Each revision ends with its cross-reference section and %%EOF; nothing follows the last.
  if (!/startxref\s+\d+\s+%%EOF\s*$/.test(tail)) {
    return "bytes that are not a revision follow it";
  }
  const before = await PDF.load(bytes.subarray(0, from));
  const resolveBefore = (ref: PdfRef) => before.getObject(ref);
  const resolveAfter = (ref: PdfRef) => pdf.getObject(ref);
  const roots = [
    ...Buffer.from(bytes.buffer, bytes.byteOffset, from)
      .toString("latin1")
      .matchAll(/\/Root\s+(\d+)\s+\d+\s+R/g),
  ];
  const rootNumber = Number(roots.at(-1)?.[1] ?? NaN);
  for (const root of tail.matchAll(/\/Root\s+(\d+)\s+\d+\s+R/g)) {
    if (Number(root[1]) !== rootNumber) return "a later revision names another document catalog";
  }
  const catalogBefore = before.getCatalog();
  const catalogAfter = pdf.getCatalog();
  const formBefore = catalogBefore.get("AcroForm", resolveBefore);
  const formAfter = catalogAfter.get("AcroForm", resolveAfter);
  const validationData = validationDictionaries(catalogBefore, before);
  const redefined = new Set<number>();
  for (const match of tail.matchAll(/(?:^|[\s>])(\d+)\s+(\d+)\s+obj\b/g)) {
    redefined.add(Number(match[1]));
  }
  for (const objectNumber of redefined) {
    const ref = PdfRef.of(objectNumber, 0);
    const old = before.getObject(ref);
    if (old === null) continue;
    const now = pdf.getObject(ref);
    if (now instanceof PdfStream && now.getName("Type")?.value === "XRef") continue;
    if (old instanceof PdfStream && old.getName("Type")?.value === "XRef") continue;
    if (validationData.has(objectNumber) && validationShaped(old) && validationShaped(now)) {
      continue;
    }
    if (objectNumber === rootNumber) {
      // /Extensions may declare the ETSI extension level of the DSS (ISO 32000-2 developer extensions).
      if (!sameExcept(catalogBefore, catalogAfter, ["DSS", "Extensions"])) {
        return "a later revision changes the document catalog beyond its validation data";
      }
      continue;
    }
    if (
      formBefore instanceof PdfDict &&
      formAfter instanceof PdfDict &&
      refersTo(catalogBefore.get("AcroForm"), objectNumber)
    ) {
      const problem = checkAppendedFields(formBefore, formAfter, resolveBefore, resolveAfter);
      if (problem !== undefined) return problem;
      continue;
    }
    return `a later revision changes object ${objectNumber}`;
  }
  return undefined;
}

/**
 * The DSS dictionary and its /VRI dictionary of `catalog`, when indirect: the objects a later
 * revision may rewrite in place, as long as both versions are only that (`validationShaped`).
 */
function validationDictionaries(catalog: PdfDict, pdf: PDF): Set<number> {
  const found = new Set<number>();
  const dssRef = catalog.get("DSS");
  if (!(dssRef instanceof PdfRef)) return found;
  found.add(dssRef.objectNumber);
  const dss = pdf.getObject(dssRef);
  const vri = dss instanceof PdfDict ? dss.get("VRI") : undefined;
  if (vri instanceof PdfRef) found.add(vri.objectNumber);
  return found;
}

const DSS_KEYS = new Set(["Type", "Certs", "OCSPs", "CRLs", "VRI"]);

/** A DSS dictionary (its known keys only) or a VRI dictionary (keys: SHA-1 hex of signatures). */
function validationShaped(value: PdfObject | null): boolean {
  if (!(value instanceof PdfDict) || value instanceof PdfStream) return false;
  const keys = [...value.keys()].map((key) => key.value);
  return (
    keys.every((key) => DSS_KEYS.has(key)) || keys.every((key) => /^[0-9A-Fa-f]{40}$/.test(key))
  );
}

function refersTo(value: PdfObject | undefined, objectNumber: number): boolean {
  return value instanceof PdfRef && value.objectNumber === objectNumber;
}

function checkAppendedFields(
  before: PdfDict,
  after: PdfDict,
  resolveBefore: (ref: PdfRef) => PdfObject | null,
  resolveAfter: (ref: PdfRef) => PdfObject | null,
): string | undefined {
  if (!sameExcept(before, after, ["Fields", "SigFlags"])) {
    return "a later revision changes the form beyond adding a document timestamp";
  }
  const fieldsBefore = before.get("Fields", resolveBefore);
  const fieldsAfter = after.get("Fields", resolveAfter);
  const oldFields = fieldsBefore instanceof PdfArray ? fieldsBefore.toArray() : [];
  const newFields = fieldsAfter instanceof PdfArray ? fieldsAfter.toArray() : [];
  if (oldFields.some((field, index) => !sameValue(field, newFields[index]))) {
    return "a later revision removes or reorders the form's fields";
  }
  for (const added of newFields.slice(oldFields.length)) {
    const field = added instanceof PdfRef ? resolveAfter(added) : added;
    const value = field instanceof PdfDict ? field.get("V", resolveAfter) : undefined;
    const isTimestamp =
      field instanceof PdfDict &&
      field.getName("FT")?.value === "Sig" &&
      value instanceof PdfDict &&
      value.getName("SubFilter")?.value === "ETSI.RFC3161";
    if (!isTimestamp) return "a later revision adds a form field that is not a document timestamp";
  }
  return undefined;
}

/** Two dictionaries with the same entries, `except` aside (references compared as references). */
function sameExcept(a: PdfDict, b: PdfDict, except: readonly string[]): boolean {
  const keys = (dict: PdfDict) =>
    [...dict.keys()].map((key) => key.value).filter((key) => !except.includes(key));
  const keysA = keys(a);
  const keysB = keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue(a.get(key), b.get(key)));
}

/** Structural equality of two direct values (references by number). */
function sameValue(a: PdfObject | undefined, b: PdfObject | undefined, depth = 0): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (depth > 32 || a.type !== b.type) return false;
  if (a instanceof PdfRef && b instanceof PdfRef) {
    return a.objectNumber === b.objectNumber && a.generation === b.generation;
  }
  if (a instanceof PdfArray && b instanceof PdfArray) {
    return (
      a.length === b.length && a.toArray().every((item, i) => sameValue(item, b.at(i), depth + 1))
    );
  }
  if (a instanceof PdfStream || b instanceof PdfStream) return false;
  if (a instanceof PdfDict && b instanceof PdfDict) {
    const keysA = [...a.keys()].map((key) => key.value);
    const keysB = [...b.keys()].map((key) => key.value);
    return (
      keysA.length === keysB.length &&
      keysA.every((key) => sameValue(a.get(key), b.get(key), depth + 1))
    );
  }
  const plain = (value: PdfObject) => {
    const record = value as unknown as { value?: unknown; bytes?: Uint8Array };
    return record.bytes === undefined ? String(record.value) : hex(record.bytes);
  };
  return plain(a) === plain(b);
}
