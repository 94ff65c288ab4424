import { createHash, verify as verifySignature, X509Certificate, constants } from "node:crypto";
import { type PDF, type PdfDict } from "@libpdf/core";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  data: "1.2.840.113549.1.7.1",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  /** id-aa-signatureTimeStampToken, an unsigned attribute (RFC 3161, appendix A). */
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  /** id-ct-TSTInfo, the content type of a timestamp token. */
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  extendedKeyUsage: "2.5.29.37",
  timeStamping: "1.3.6.1.5.5.7.3.8",
  subjectKeyIdentifier: "2.5.29.14",
  rsaEncryption: "1.2.840.113549.1.1.1",
  rsaPss: "1.2.840.113549.1.1.10",
  ecPublicKey: "1.2.840.10045.2.1",
} as const;

const CONTENT_TYPE_NAMES: Record<string, string> = {
  [OID.data]: "id-data",
  [OID.tstInfo]: "id-ct-TSTInfo",
};

const DIGESTS: Record<string, string> = {
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};

const SIGNATURE_ALGORITHMS: Record<string, { kind: "rsa" | "ecdsa"; hash?: string }> = {
  [OID.rsaEncryption]: { kind: "rsa" },
  "1.2.840.113549.1.1.11": { kind: "rsa", hash: "sha256" },
  "1.2.840.113549.1.1.12": { kind: "rsa", hash: "sha384" },
  "1.2.840.113549.1.1.13": { kind: "rsa", hash: "sha512" },
  [OID.ecPublicKey]: { kind: "ecdsa" },
  "1.2.840.10045.4.3.2": { kind: "ecdsa", hash: "sha256" },
  "1.2.840.10045.4.3.3": { kind: "ecdsa", hash: "sha384" },
  "1.2.840.10045.4.3.4": { kind: "ecdsa", hash: "sha512" },
};

/** How much of the file one signature's byte range covers. */
export type Coverage =
  /** [0, a, b, c] with b + c the file's length and the gap exactly the /Contents string. */
  | { kind: "whole-file" }
  /** A well-formed range over an earlier revision: `end` bytes, then later updates appended. */
  | { kind: "earlier-revision"; end: number }
  | { kind: "malformed" };

/** What one PDF signature says and whether its bytes check out. */
export interface PdfSignatureCheck {
  /** The signature field's name. */
  name: string;
  /** The signature dictionary's `/Reason`, when it has one (inside the signed bytes). */
  reason?: string;
  coverage: Coverage;
  /** messageDigest (or, without signed attributes, the content) equals the hash of the signed bytes. */
  digest: "match" | "mismatch" | "unreadable";
  /** The signature over the signed attributes verifies with the signer's certificate. */
  signature: "valid" | "invalid" | "unreadable";
  /** Why the CMS could not be read or checked, in English (for --json and logs). */
  problem?: string;
  /** The signer's certificate, when it was found among the CMS certificates. */
  signer?: X509Certificate;
  /** Every certificate the CMS carries. */
  certificates: X509Certificate[];
  /** The claimed signing time: the signed signingTime attribute, else the dictionary's /M. */
  signingTime?: Date;
  /** The RFC 3161 timestamp token over the signature (PAdES B-T), when the signature carries one. */
  timestamp?: TimestampCheck;
}

/** What a signature's timestamp token proves, its chain aside. */
export interface TimestampCheck {
  /**
   * `valid`: the token is intact, over this signature, from a timestamping certificate;
   * `invalid`: see `failure`; `unreadable`: see `problem`.
   */
  status: "valid" | "invalid" | "unreadable";
  /**
   * `signature`: the token's messageDigest or signature does not verify (it was changed);
   * `imprint`: it timestamps other bytes than this signature's value;
   * `not-timestamping`: its signer's certificate is not a timestamping certificate.
   */
  failure?: "signature" | "imprint" | "not-timestamping";
  /** Why the token could not be read or checked, in English. */
  problem?: string;
  /** The time the timestamp authority vouches for (TSTInfo genTime). */
  genTime?: Date;
  /** The timestamp authority's certificate, when the token carries it. */
  tsa?: X509Certificate;
  /** Every certificate the token carries. */
  certificates: X509Certificate[];
}

/**
 * The signatures of a PDF (`pdf` is `bytes` loaded), each checked, in the order they cover the
 * file: the one applied last comes last.
 */
export function checkPdfSignatures(bytes: Uint8Array, pdf: PDF): PdfSignatureCheck[] {
  const fields = pdf.getForm()?.getSignatureFields() ?? [];
  const checks: PdfSignatureCheck[] = [];
  for (const field of fields) {
    const dict = field.getSignatureDict();
    if (dict === null) continue;
    checks.push(checkOne(bytes, field.name, dict, (ref) => pdf.getObject(ref)));
  }
  // The signature that covers the most bytes (the last one applied) comes last.
  return checks.sort((a, b) => coverageEnd(a.coverage, bytes) - coverageEnd(b.coverage, bytes));
}

function coverageEnd(coverage: Coverage, bytes: Uint8Array): number {
  if (coverage.kind === "whole-file") return bytes.length;
  return coverage.kind === "earlier-revision" ? coverage.end : -1;
}

type Resolver = Parameters<PdfDict["get"]>[1];

function checkOne(
  bytes: Uint8Array,
  name: string,
  dict: PdfDict,
  resolve: Resolver,
): PdfSignatureCheck {
  const result: PdfSignatureCheck = {
    name,
    coverage: { kind: "malformed" },
    digest: "unreadable",
    signature: "unreadable",
    certificates: [],
  };
  const range = dict.getArray("ByteRange", resolve);
  const contents = dict.getString("Contents", resolve);
  const numbers = range?.toArray().map((item) => (item.type === "number" ? item.value : NaN));
  if (numbers?.length !== 4 || contents === undefined) {
    result.problem = "The signature has no /ByteRange of four numbers or no /Contents.";
    return result;
  }
  const [start, firstLength, gapEnd, secondLength] = numbers as [number, number, number, number];
  const wellFormed =
    [start, firstLength, gapEnd, secondLength].every((n) => Number.isSafeInteger(n) && n >= 0) &&
    start === 0 &&
    firstLength < gapEnd &&
    gapEnd + secondLength <= bytes.length &&
    isHexStringAt(bytes, firstLength, gapEnd) &&
    sameBytes(Buffer.from(latin1(bytes, firstLength + 1, gapEnd - 1), "hex"), contents.bytes);
  if (!wellFormed) {
    result.problem = "The /ByteRange is not [0 a b c] around exactly the /Contents string.";
    return result;
  }
  const end = gapEnd + secondLength;
  result.coverage =
    end === bytes.length ? { kind: "whole-file" } : { kind: "earlier-revision", end };
  const signed = [bytes.subarray(0, firstLength), bytes.subarray(gapEnd, end)];
  const reason = dict.getString("Reason", resolve)?.asString();
  if (reason !== undefined) result.reason = reason;
  const claimed = dict.getString("M", resolve)?.asString();
  const claimedTime = claimed === undefined ? undefined : parsePdfDate(claimed);
  if (claimedTime !== undefined) result.signingTime = claimedTime;

  try {
    checkCms(contents.bytes, signed, result);
  } catch (error) {
    result.problem = `The signature's CMS could not be read: ${(error as Error).message}`;
  }
  return result;
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString("latin1");
}

/** The gap holds the very /Contents the dictionary names (not another string elsewhere). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

/** The gap is exactly one hexadecimal string: `<`, hex digits (and padding), `>`. */
function isHexStringAt(bytes: Uint8Array, from: number, to: number): boolean {
  if (bytes[from] !== 0x3c || bytes[to - 1] !== 0x3e) return false;
  for (let index = from + 1; index < to - 1; index++) {
    const byte = bytes[index] ?? 0;
    const hex =
      (byte >= 0x30 && byte <= 0x39) ||
      (byte >= 0x41 && byte <= 0x46) ||
      (byte >= 0x61 && byte <= 0x66);
    if (!hex) return false;
  }
  return true;
}

function checkCms(der: Uint8Array, signed: Uint8Array[], result: PdfSignatureCheck): void {
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1) throw new Error("not DER");
  const cms = readSignedData(parsed.result);
  result.certificates = cms.certificates;
  if (cms.signer !== undefined) result.signer = cms.signer;
  try {
    checkSigner(cms, signed, OID.data, result);
  } finally {
    // The token is read even when the seal's own signature could not be checked.
    const token = cms.signerInfo.unsignedAttrs?.attributes.find(
      (attribute) => attribute.type === OID.signatureTimeStampToken,
    );
    if (token !== undefined) {
      result.timestamp = checkTimestampToken(
        token.values,
        cms.signerInfo.signature.valueBlock.valueHexView,
      );
    }
  }
}

/** A CMS SignedData with its one signer, as both a seal and a timestamp token carry. */
interface SignedDataParts {
  contentType: string;
  /** The encapsulated content (a timestamp token's TSTInfo); none in a detached signature. */
  content?: Uint8Array<ArrayBuffer>;
  signerInfo: pkijs.SignerInfo;
  /** Every certificate the CMS carries. */
  certificates: X509Certificate[];
  /** The signer's certificate, when it is among them. */
  signer?: X509Certificate;
  signerCertificate?: pkijs.Certificate;
}

/** Reads a ContentInfo holding a SignedData with exactly one signer. */
function readSignedData(schema: asn1js.AsnType): SignedDataParts {
  const contentInfo = new pkijs.ContentInfo({ schema });
  if (contentInfo.contentType !== OID.signedData) throw new Error("not a CMS SignedData");
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const pkiCertificates = (signedData.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  const certificates = pkiCertificates.map(
    (certificate) => new X509Certificate(Buffer.from(certificate.toSchema().toBER(false))),
  );
  const signerInfo = signedData.signerInfos[0];
  if (signerInfo === undefined || signedData.signerInfos.length !== 1) {
    throw new Error("a signature has exactly one signer");
  }
  const signerIndex = pkiCertificates.findIndex((certificate) =>
    identifies(signerInfo.sid, certificate),
  );
  const eContent = signedData.encapContentInfo.eContent;
  return {
    contentType: signedData.encapContentInfo.eContentType,
    ...(eContent === undefined ? {} : { content: new Uint8Array(eContent.getValue()) }),
    signerInfo,
    certificates,
    ...(signerIndex < 0
      ? {}
      : { signer: certificates[signerIndex], signerCertificate: pkiCertificates[signerIndex] }),
  };
}

/** What checking one signer finds; fields stay "unreadable" when the check throws first. */
interface SignerOutcome {
  digest: "match" | "mismatch" | "unreadable";
  signature: "valid" | "invalid" | "unreadable";
  signingTime?: Date;
}

/**
 * Checks the one signer of `cms` over `content` (the signed bytes, in parts): its messageDigest
 * attribute against their hash, its contentType attribute against `contentType`, and its
 * signature over the DER of the signed attributes (or, without them, over the content) with the
 * signer's certificate. Throws, with `outcome` filled as far as it got, what cannot be checked.
 */
function checkSigner(
  cms: SignedDataParts,
  content: readonly Uint8Array[],
  contentType: string,
  outcome: SignerOutcome,
): void {
  const { signerInfo } = cms;
  const digestName = DIGESTS[signerInfo.digestAlgorithm.algorithmId];
  if (digestName === undefined) {
    throw new Error(`unsupported digest algorithm ${signerInfo.digestAlgorithm.algorithmId}`);
  }
  const hash = createHash(digestName);
  for (const part of content) hash.update(part);
  const contentDigest = hash.digest();

  let signedBytes: Uint8Array;
  const attributes = signerInfo.signedAttrs;
  if (attributes === undefined) {
    // RFC 5652, 5.3: signed attributes are required for any content type but id-data.
    if (contentType !== OID.data) throw new Error("no signed attributes");
    // No signed attributes: the signature is over the content itself.
    signedBytes = Buffer.concat(content);
    outcome.digest = "match";
  } else {
    const value = (type: string) =>
      attributes.attributes.find((attribute) => attribute.type === type)?.values[0];
    const digest = value(OID.messageDigest);
    const typeAttribute = value(OID.contentType);
    if (!(digest instanceof asn1js.OctetString)) throw new Error("no messageDigest attribute");
    if (
      !(typeAttribute instanceof asn1js.ObjectIdentifier) ||
      typeAttribute.getValue() !== contentType
    ) {
      throw new Error(`the contentType attribute is not ${CONTENT_TYPE_NAMES[contentType]}`);
    }
    outcome.digest = Buffer.from(digest.valueBlock.valueHexView).equals(contentDigest)
      ? "match"
      : "mismatch";
    const signingTime = value(OID.signingTime);
    if (signingTime instanceof asn1js.UTCTime || signingTime instanceof asn1js.GeneralizedTime) {
      outcome.signingTime = signingTime.toDate();
    }
    // pkijs keeps the attributes' bytes as received, re-tagged as a SET (RFC 5652, 5.4).
    signedBytes = new Uint8Array(attributes.encodedValue);
  }

  if (cms.signer === undefined) {
    throw new Error("the signer's certificate is not in the signature");
  }
  const algorithm = SIGNATURE_ALGORITHMS[signerInfo.signatureAlgorithm.algorithmId];
  const signature = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
  const key = cms.signer.publicKey;
  let valid: boolean;
  if (signerInfo.signatureAlgorithm.algorithmId === OID.rsaPss) {
    const params = new pkijs.RSASSAPSSParams({
      schema: signerInfo.signatureAlgorithm.algorithmParams,
    });
    const pssHash = DIGESTS[params.hashAlgorithm.algorithmId];
    if (pssHash === undefined) throw new Error("unsupported RSA-PSS hash");
    valid = verifySignature(
      pssHash,
      signedBytes,
      { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength },
      signature,
    );
  } else if (algorithm !== undefined) {
    const expectedKey = algorithm.kind === "rsa" ? "rsa" : "ec";
    if (key.asymmetricKeyType !== expectedKey) {
      throw new Error("the signature algorithm does not match the certificate's key");
    }
    valid = verifySignature(algorithm.hash ?? digestName, signedBytes, key, signature);
  } else {
    throw new Error(`unsupported signature algorithm ${signerInfo.signatureAlgorithm.algorithmId}`);
  }
  outcome.signature = valid ? "valid" : "invalid";
}

/**
 * Checks the RFC 3161 timestamp token of a signature (the values of its unsigned
 * signatureTimeStampToken attribute) over `signatureValue`, the signature's own value
 * (ETSI EN 319 122-1, 5.3): the token's SignedData encapsulates a TSTInfo, its signer's
 * messageDigest is the hash of that TSTInfo and its signature verifies with the TSA's certificate
 * (carried in the token), the TSTInfo's messageImprint is the hash of `signatureValue`, and the TSA's
 * certificate is for timestamping only (critical extendedKeyUsage id-kp-timeStamping, RFC 3161,
 * 2.3). Its chain is not checked here (see `checkCertificateChain`).
 */
export function checkTimestampToken(
  values: readonly unknown[],
  signatureValue: Uint8Array,
): TimestampCheck {
  const check: TimestampCheck = { status: "unreadable", certificates: [] };
  try {
    const [value] = values;
    if (values.length !== 1 || !(value instanceof asn1js.Sequence)) {
      throw new Error("the attribute does not hold exactly one token");
    }
    const cms = readSignedData(value);
    check.certificates = cms.certificates;
    if (cms.signer !== undefined) check.tsa = cms.signer;
    if (cms.contentType !== OID.tstInfo || cms.content === undefined) {
      throw new Error("the token does not encapsulate a TSTInfo");
    }
    const tstInfo = pkijs.TSTInfo.fromBER(cms.content);
    check.genTime = tstInfo.genTime;
    const imprintName = DIGESTS[tstInfo.messageImprint.hashAlgorithm.algorithmId];
    if (imprintName === undefined) {
      throw new Error(
        `unsupported imprint algorithm ${tstInfo.messageImprint.hashAlgorithm.algorithmId}`,
      );
    }
    if (cms.signer === undefined || cms.signerCertificate === undefined) {
      throw new Error("the timestamp authority's certificate is not in the token");
    }
    const outcome: SignerOutcome = { digest: "unreadable", signature: "unreadable" };
    checkSigner(cms, [cms.content], OID.tstInfo, outcome);
    if (outcome.digest !== "match" || outcome.signature !== "valid") {
      check.status = "invalid";
      check.failure = "signature";
      return check;
    }
    const imprint = createHash(imprintName).update(signatureValue).digest();
    if (
      !imprint.equals(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView))
    ) {
      check.status = "invalid";
      check.failure = "imprint";
      return check;
    }
    if (!isTimestampingCertificate(cms.signerCertificate)) {
      check.status = "invalid";
      check.failure = "not-timestamping";
      return check;
    }
    check.status = "valid";
  } catch (error) {
    check.status = "unreadable";
    check.problem = (error as Error).message;
  }
  return check;
}

/** RFC 3161, 2.3: one extendedKeyUsage extension, critical, with id-kp-timeStamping only. */
function isTimestampingCertificate(certificate: pkijs.Certificate): boolean {
  const extensions = (certificate.extensions ?? []).filter(
    (extension) => extension.extnID === OID.extendedKeyUsage,
  );
  const [extension] = extensions;
  if (extensions.length !== 1 || extension === undefined || !extension.critical) return false;
  const usage = extension.parsedValue as unknown;
  return (
    usage instanceof pkijs.ExtKeyUsage &&
    usage.keyPurposes.length === 1 &&
    usage.keyPurposes[0] === OID.timeStamping
  );
}

/** Whether the SignerInfo's sid (issuer and serial number, or subject key identifier) names `certificate`. */
function identifies(sid: unknown, certificate: pkijs.Certificate): boolean {
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificate.serialNumber.isEqual(sid.serialNumber) && certificate.issuer.isEqual(sid.issuer)
    );
  }
  if (sid instanceof asn1js.Constructed) {
    const inner = sid.valueBlock.value[0];
    const wanted = inner instanceof asn1js.OctetString ? inner.valueBlock.valueHexView : undefined;
    const extension = certificate.extensions?.find(
      (item) => item.extnID === OID.subjectKeyIdentifier,
    );
    const own = extension?.parsedValue as asn1js.OctetString | undefined;
    return (
      wanted !== undefined &&
      own !== undefined &&
      Buffer.from(own.valueBlock.valueHexView).equals(Buffer.from(wanted))
    );
  }
  return false;
}

/** A PDF date (`D:YYYYMMDDHHmmSS+HH'mm'`, ISO 32000-2, 7.9.4); undefined when it is not one. */
export function parsePdfDate(text: string): Date | undefined {
  const match =
    /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz])|([+-])(\d{2})'?(\d{2})?'?)?$/.exec(
      text.trim(),
    );
  if (match === null) return undefined;
  const [, year, month = "01", day = "01", hour = "00", minute = "00", second = "00"] = match;
  const sign = match[8] === "-" ? -1 : 1;
  const offsetMinutes =
    match[8] === undefined ? 0 : sign * (Number(match[9]) * 60 + Number(match[10] ?? "0"));
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  const date = new Date(utc - offsetMinutes * 60_000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
