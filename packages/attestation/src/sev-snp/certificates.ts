/**
 * The AMD certificate chain (ARK -> ASK -> VCEK) read with the package's own strict DER reader
 * (`internal/der.ts`) and checked with WebCrypto, so that the same small code runs in browsers and
 * Node with no X.509 library. It reads what the checks need and refuses anything else: X.509 v3
 * certificates, RSASSA-PSS or ECDSA keys, RSASSA-PSS signatures, UTCTime or GeneralizedTime
 * validity, and unique extensions. Parsing only: every signature is verified by WebCrypto.
 */
import { copyBytes, fromBase64, timingSafeEqual, toHex } from "../internal/bytes";
import {
  DER_TAG,
  DerError,
  encodeDer,
  encodeOid,
  expectConstructed,
  expectPrimitive,
  parseDer,
  readBitStringBytes,
  readOid,
  readSmallInteger,
  type DerElement,
} from "../internal/der";

/** One certificate: PEM text, or DER bytes (PEM text given as bytes is accepted too). */
export type CertificateInput = string | Uint8Array;
/** A PEM bundle, one DER certificate, or a list of either. */
export type CertificateChainInput = CertificateInput | readonly CertificateInput[];

const OID = {
  rsaEncryption: "1.2.840.113549.1.1.1",
  rsassaPss: "1.2.840.113549.1.1.10",
  mgf1: "1.2.840.113549.1.1.8",
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha384: "2.16.840.1.101.3.4.2.2",
  sha512: "2.16.840.1.101.3.4.2.3",
  ecPublicKey: "1.2.840.10045.2.1",
  secp384r1: "1.3.132.0.34",
  commonName: "2.5.4.3",
} as const;

const HASH_NAMES: Record<string, string> = {
  [OID.sha1]: "SHA-1",
  [OID.sha256]: "SHA-256",
  [OID.sha384]: "SHA-384",
  [OID.sha512]: "SHA-512",
};

/** RSASSA-PSS parameters (RFC 4055), with their defaults filled in. */
export interface RsaPssParameters {
  /** The message digest, as WebCrypto names it; `null` for one WebCrypto does not know. */
  hash: string | null;
  /** MGF1's digest; `null` when the mask generation function is not MGF1 with a known digest. */
  mgf1Hash: string | null;
  saltLength: number;
  trailerField: number;
}

/** What the checks read from one certificate. Byte fields are views of {@link Certificate.der}. */
export interface Certificate {
  /** The whole certificate's DER encoding. */
  der: Uint8Array;
  /** The signed part (tbsCertificate), as encoded. */
  tbs: Uint8Array;
  /** The signature algorithm's OID. */
  signatureAlgorithm: string;
  /** Its RSASSA-PSS parameters when it is RSASSA-PSS. */
  rsaPss: RsaPssParameters | null;
  signature: Uint8Array;
  /** The issuer and subject Names, as encoded: compared byte for byte. */
  issuer: Uint8Array;
  subject: Uint8Array;
  /** The subject's first Common Name, or `null`. */
  subjectCommonName: string | null;
  notBefore: Date;
  notAfter: Date;
  /** SubjectPublicKeyInfo, as encoded. */
  spki: Uint8Array;
  spkiAlgorithm: string;
  /** The named curve of an EC key, `null` otherwise. */
  spkiCurve: string | null;
  /** The subjectPublicKey BIT STRING element, as encoded. */
  publicKeyBitString: Uint8Array;
  /** Each extension's value (the content of its extnValue OCTET STRING), by OID. */
  extensions: Map<string, Uint8Array>;
}

/** Reads one DER certificate. Throws a `DerError` for anything that is not a certificate read here. */
export function parseCertificate(input: Uint8Array): Certificate {
  const der = copyBytes(input);
  const [tbsElement, outerAlgorithm, signatureValue] = expectConstructed(
    parseDer(der),
    DER_TAG.sequence,
    "Certificate",
    { min: 3, max: 3 },
  );
  const tbsFields = expectConstructed(tbsElement, DER_TAG.sequence, "TBSCertificate", {
    min: 7,
    max: 10,
  });
  const [versionElement, , innerAlgorithm, issuer, validity, subject, spki, ...optional] =
    tbsFields;
  const [version] = expectConstructed(versionElement, 0xa0, "Certificate version", {
    min: 1,
    max: 1,
  });
  if (readSmallInteger(version, "Certificate version") !== 2)
    throw new DerError("Only X.509 v3 certificates are read.");
  expectPrimitive(tbsFields[1], DER_TAG.integer, "Serial number");
  if (
    !outerAlgorithm ||
    !innerAlgorithm ||
    !timingSafeEqual(outerAlgorithm.der, innerAlgorithm.der)
  )
    throw new DerError("The certificate's two signature algorithms differ.");
  const algorithm = readAlgorithm(outerAlgorithm, "Signature algorithm");
  const rsaPss =
    algorithm.oid === OID.rsassaPss ? readRsaPssParameters(algorithm.parameters) : null;
  if (!issuer || !subject) throw new DerError("TBSCertificate: missing names.");
  expectConstructed(issuer, DER_TAG.sequence, "Issuer");
  const [notBefore, notAfter] = expectConstructed(validity, DER_TAG.sequence, "Validity", {
    min: 2,
    max: 2,
  });
  const [keyAlgorithm, publicKey] = expectConstructed(spki, DER_TAG.sequence, "SPKI", {
    min: 2,
    max: 2,
  });
  const key = readAlgorithm(keyAlgorithm, "Key algorithm");
  readBitStringBytes(publicKey, "Public key");
  if (!tbsElement || !spki || !publicKey) throw new DerError("SPKI: missing.");
  return {
    der,
    tbs: tbsElement.der,
    signatureAlgorithm: algorithm.oid,
    rsaPss,
    signature: readBitStringBytes(signatureValue, "Signature"),
    issuer: issuer.der,
    subject: subject.der,
    subjectCommonName: readCommonName(subject),
    notBefore: readTime(notBefore, "notBefore"),
    notAfter: readTime(notAfter, "notAfter"),
    spki: spki.der,
    spkiAlgorithm: key.oid,
    spkiCurve: key.oid === OID.ecPublicKey ? readOid(key.parameters, "Named curve") : null,
    publicKeyBitString: publicKey.der,
    extensions: readExtensions(optional),
  };
}

function readAlgorithm(
  element: DerElement | undefined,
  what: string,
): { oid: string; parameters: DerElement | undefined } {
  const [oid, parameters] = expectConstructed(element, DER_TAG.sequence, what, { min: 1, max: 2 });
  return { oid: readOid(oid, what), parameters };
}

/** The digest named by a hash AlgorithmIdentifier (parameters absent or NULL). */
function readHash(element: DerElement | undefined, what: string): string | null {
  const { oid, parameters } = readAlgorithm(element, what);
  if (parameters) expectPrimitive(parameters, DER_TAG.null, what);
  if (parameters && parameters.content.byteLength !== 0) throw new DerError(`${what}: bad NULL.`);
  return HASH_NAMES[oid] ?? null;
}

function readRsaPssParameters(element: DerElement | undefined): RsaPssParameters {
  const fields = expectConstructed(element, DER_TAG.sequence, "RSASSA-PSS parameters", {
    min: 0,
    max: 4,
  });
  const result: RsaPssParameters = {
    hash: "SHA-1",
    mgf1Hash: "SHA-1",
    saltLength: 20,
    trailerField: 1,
  };
  let previous = -1;
  for (const field of fields) {
    const number = field.tag - 0xa0;
    if (number <= previous || number > 3) throw new DerError("RSASSA-PSS parameters out of order.");
    previous = number;
    const [value] = expectConstructed(field, field.tag, "RSASSA-PSS parameter", {
      min: 1,
      max: 1,
    });
    if (number === 0) result.hash = readHash(value, "RSASSA-PSS hash");
    else if (number === 1) {
      const mgf = readAlgorithm(value, "RSASSA-PSS mask generation");
      result.mgf1Hash = mgf.oid === OID.mgf1 ? readHash(mgf.parameters, "MGF1 hash") : null;
    } else if (number === 2) result.saltLength = readSmallInteger(value, "RSASSA-PSS salt length");
    else result.trailerField = readSmallInteger(value, "RSASSA-PSS trailer field");
  }
  return result;
}

const textDecoder = new TextDecoder("utf-8", { fatal: true });

function readCommonName(name: DerElement): string | null {
  for (const relativeName of expectConstructed(name, DER_TAG.sequence, "Name")) {
    for (const attribute of expectConstructed(relativeName, DER_TAG.set, "Name")) {
      const [type, value] = expectConstructed(attribute, DER_TAG.sequence, "Name attribute", {
        min: 2,
        max: 2,
      });
      if (readOid(type, "Name attribute") !== OID.commonName || !value) continue;
      if (
        value.tag !== DER_TAG.utf8String &&
        value.tag !== DER_TAG.printableString &&
        value.tag !== DER_TAG.ia5String
      )
        throw new DerError("Common Name: unsupported string type.");
      return textDecoder.decode(value.content);
    }
  }
  return null;
}

const UTC_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;
const GENERALIZED_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;

/** UTCTime (YYMMDDHHMMSSZ, 1950-2049) or GeneralizedTime (YYYYMMDDHHMMSSZ), as RFC 5280 writes them. */
function readTime(element: DerElement | undefined, what: string): Date {
  const isUtc = element?.tag === DER_TAG.utcTime;
  if (!element || (!isUtc && element.tag !== DER_TAG.generalizedTime))
    throw new DerError(`${what}: not a time.`);
  const text = String.fromCharCode(...element.content);
  const match = (isUtc ? UTC_TIME : GENERALIZED_TIME).exec(text);
  if (!match) throw new DerError(`${what}: malformed time.`);
  const [, yearText = "", ...rest] = match;
  const [month, day, hours, minutes, seconds] = rest.map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  let year = Number(yearText);
  if (isUtc) year += year < 50 ? 2000 : 1900;
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hours ||
    date.getUTCMinutes() !== minutes ||
    date.getUTCSeconds() !== seconds
  )
    throw new DerError(`${what}: impossible date.`);
  return date;
}

function readExtensions(optional: readonly DerElement[]): Map<string, Uint8Array> {
  const values = new Map<string, Uint8Array>();
  let previous = 0;
  for (const field of optional) {
    // [1] issuerUniqueID and [2] subjectUniqueID (primitive, implicit), then [3] extensions.
    const number = field.tag & 0x1f;
    if ((field.tag & 0xc0) !== 0x80 || number <= previous || number > 3)
      throw new DerError("TBSCertificate: unexpected field.");
    previous = number;
    if (number !== 3) continue;
    const [list] = expectConstructed(field, 0xa3, "Extensions", { min: 1, max: 1 });
    for (const extension of expectConstructed(list, DER_TAG.sequence, "Extensions")) {
      const parts = expectConstructed(extension, DER_TAG.sequence, "Extension", {
        min: 2,
        max: 3,
      });
      const oid = readOid(parts[0], "Extension");
      if (parts.length === 3) {
        const critical = expectPrimitive(parts[1], DER_TAG.boolean, "Extension criticality");
        if (critical.byteLength !== 1 || (critical[0] !== 0xff && critical[0] !== 0))
          throw new DerError("Extension criticality: bad BOOLEAN.");
      }
      const value = expectPrimitive(parts[parts.length - 1], DER_TAG.octetString, "Extension");
      if (values.has(oid)) throw new DerError(`Extension ${oid} appears twice.`);
      values.set(oid, value);
    }
  }
  return values;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END ([A-Z0-9 ]+)-----/g;
const PEM_BEGIN = "-----BEGIN";

function looksLikePemBytes(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  return head.startsWith(PEM_BEGIN);
}

function decodePem(text: string): Uint8Array[] {
  const blocks: Uint8Array[] = [];
  for (const [, label, body = "", endLabel] of text.matchAll(PEM_BLOCK)) {
    if (label !== "CERTIFICATE" || endLabel !== label)
      throw new Error(`The PEM text holds a ${label ?? "?"} block, not a certificate.`);
    const der = fromBase64(body.replace(/\s+/g, ""));
    if (!der) throw new Error("A PEM block is not valid base64.");
    blocks.push(der);
  }
  if (blocks.length === 0) throw new Error("The PEM text holds no certificate.");
  return blocks;
}

/** Decodes every certificate in `input`. Throws when an input holds no certificate. */
export function decodeCertificates(input: CertificateChainInput): Certificate[] {
  const inputs: readonly CertificateInput[] = Array.isArray(input)
    ? (input as readonly CertificateInput[])
    : [input as CertificateInput];
  const certificates: Certificate[] = [];
  for (const item of inputs) {
    if (typeof item === "string" || looksLikePemBytes(item)) {
      const text = typeof item === "string" ? item : new TextDecoder().decode(item);
      for (const der of decodePem(text)) certificates.push(parseCertificate(der));
    } else {
      certificates.push(parseCertificate(item));
    }
  }
  return certificates;
}

/** Decodes exactly one certificate. */
export function decodeCertificate(input: CertificateInput): Certificate {
  const certificates = decodeCertificates(input);
  if (certificates.length !== 1 || !certificates[0]) {
    throw new Error(`Expected one certificate, found ${certificates.length}.`);
  }
  return certificates[0];
}

/** Whether two certificates' Names are the same encoding. */
export function sameName(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}

/** SHA-256 of the certificate's DER encoding, in lowercase hexadecimal. */
export async function certificateSha256(certificate: Certificate): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", copyBytes(certificate.der));
  return toHex(new Uint8Array(digest));
}

/** The first Common Name of the certificate's subject, or `null`. */
export function subjectCommonName(certificate: Certificate): string | null {
  return certificate.subjectCommonName;
}

/**
 * Whether the certificate is signed with RSASSA-PSS using SHA-384 (MGF1 with SHA-384, trailer 1),
 * as AMD signs ARK, ASK and VCEK.
 */
export function isRsaPssSha384(certificate: Certificate): boolean {
  const parameters = certificate.rsaPss;
  return (
    certificate.signatureAlgorithm === OID.rsassaPss &&
    parameters !== null &&
    parameters.hash === "SHA-384" &&
    parameters.mgf1Hash === "SHA-384" &&
    parameters.trailerField === 1
  );
}

/**
 * The issuer's SubjectPublicKeyInfo as WebCrypto imports an RSA key: an `id-RSASSA-PSS` key's
 * algorithm identifier is re-encoded as `rsaEncryption` (WebCrypto's `importKey("spki")` knows only
 * that one); the key itself is copied as encoded.
 */
export function rsaSpkiForWebCrypto(certificate: Certificate): Uint8Array<ArrayBuffer> {
  if (certificate.spkiAlgorithm === OID.rsaEncryption) return copyBytes(certificate.spki);
  if (certificate.spkiAlgorithm !== OID.rsassaPss)
    throw new Error("The issuer's public key is not an RSA key.");
  return encodeDer(
    DER_TAG.sequence,
    encodeDer(DER_TAG.sequence, encodeOid(OID.rsaEncryption), encodeDer(DER_TAG.null)),
    certificate.publicKeyBitString,
  );
}

/**
 * Whether `certificate`'s RSASSA-PSS / SHA-384 signature verifies with `issuer`'s RSA key, through
 * WebCrypto; `false` on any error.
 */
export async function isSignedBy(certificate: Certificate, issuer: Certificate): Promise<boolean> {
  if (!isRsaPssSha384(certificate) || !certificate.rsaPss) return false;
  try {
    const key = await globalThis.crypto.subtle.importKey(
      "spki",
      rsaSpkiForWebCrypto(issuer),
      { name: "RSA-PSS", hash: "SHA-384" },
      false,
      ["verify"],
    );
    return await globalThis.crypto.subtle.verify(
      { name: "RSA-PSS", saltLength: certificate.rsaPss.saltLength },
      key,
      copyBytes(certificate.signature),
      copyBytes(certificate.tbs),
    );
  } catch {
    return false;
  }
}

/** The certificate's extension values (the content of each extnValue OCTET STRING) by OID. */
export function extensionValues(certificate: Certificate): Map<string, Uint8Array> {
  return new Map(certificate.extensions);
}

/** Imports the certificate's public key as an ECDSA P-384 verification key. */
export async function importEcdsaP384Key(certificate: Certificate): Promise<CryptoKey> {
  if (certificate.spkiAlgorithm !== OID.ecPublicKey || certificate.spkiCurve !== OID.secp384r1) {
    throw new Error("The certificate's public key is not an ECDSA P-384 key.");
  }
  return globalThis.crypto.subtle.importKey(
    "spki",
    copyBytes(certificate.spki),
    { name: "ECDSA", namedCurve: "P-384" },
    false,
    ["verify"],
  );
}
