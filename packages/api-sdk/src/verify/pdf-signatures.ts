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
  subjectKeyIdentifier: "2.5.29.14",
  rsaEncryption: "1.2.840.113549.1.1.1",
  rsaPss: "1.2.840.113549.1.1.10",
  ecPublicKey: "1.2.840.10045.2.1",
} as const;

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
  const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
  if (contentInfo.contentType !== OID.signedData) throw new Error("not a CMS SignedData");
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const certificates = (signedData.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  result.certificates = certificates.map(
    (certificate) => new X509Certificate(Buffer.from(certificate.toSchema().toBER(false))),
  );
  const signerInfo = signedData.signerInfos[0];
  if (signerInfo === undefined || signedData.signerInfos.length !== 1) {
    throw new Error("a PDF signature has exactly one signer");
  }
  const signerIndex = certificates.findIndex((certificate) =>
    identifies(signerInfo.sid, certificate),
  );
  if (signerIndex >= 0) result.signer = result.certificates[signerIndex];

  const digestName = DIGESTS[signerInfo.digestAlgorithm.algorithmId];
  if (digestName === undefined) {
    throw new Error(`unsupported digest algorithm ${signerInfo.digestAlgorithm.algorithmId}`);
  }
  const hash = createHash(digestName);
  for (const part of signed) hash.update(part);
  const contentDigest = hash.digest();

  let signedBytes: Uint8Array;
  const attributes = signerInfo.signedAttrs;
  if (attributes === undefined) {
    // No signed attributes: the signature is over the content itself.
    signedBytes = Buffer.concat(signed);
    result.digest = "match";
  } else {
    const value = (type: string) =>
      attributes.attributes.find((attribute) => attribute.type === type)?.values[0];
    const digest = value(OID.messageDigest);
    const contentType = value(OID.contentType);
    if (!(digest instanceof asn1js.OctetString)) throw new Error("no messageDigest attribute");
    if (!(contentType instanceof asn1js.ObjectIdentifier) || contentType.getValue() !== OID.data) {
      throw new Error("the contentType attribute is not id-data");
    }
    result.digest = Buffer.from(digest.valueBlock.valueHexView).equals(contentDigest)
      ? "match"
      : "mismatch";
    const signingTime = value(OID.signingTime);
    if (signingTime instanceof asn1js.UTCTime || signingTime instanceof asn1js.GeneralizedTime) {
      result.signingTime = signingTime.toDate();
    }
    // pkijs keeps the attributes' bytes as received, re-tagged as a SET (RFC 5652, 5.4).
    signedBytes = new Uint8Array(attributes.encodedValue);
  }

  if (result.signer === undefined) {
    throw new Error("the signer's certificate is not in the signature");
  }
  const algorithm = SIGNATURE_ALGORITHMS[signerInfo.signatureAlgorithm.algorithmId];
  const signature = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
  const key = result.signer.publicKey;
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
  result.signature = valid ? "valid" : "invalid";
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
