import type { X509Certificate } from "node:crypto";
import { type PDF, type PdfDict } from "@libpdf/core";
import * as asn1js from "asn1js";
import { checkSigner, OID, readSignedData } from "./cms-signed-data";
import {
  checkDocumentTimestampToken,
  checkTimestampToken,
  type TimestampCheck,
} from "./timestamp-token";

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
  /**
   * `signature`: a PAdES signature (a signer's or the seal); `document-timestamp`: a document
   * timestamp (/SubFilter /ETSI.RFC3161, PAdES B-LTA), whose token is in `timestamp` and whose
   * signer is the timestamp authority.
   */
  kind: "signature" | "document-timestamp";
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
  /**
   * The RFC 3161 timestamp token over the signature (PAdES B-T), when the signature carries one;
   * of a document timestamp, its token over the bytes it covers.
   */
  timestamp?: TimestampCheck;
  /** The bytes the byte range covers: the end of the revision the signature was added in. */
  end?: number;
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
  const subFilter = dict.getName("SubFilter", resolve)?.value;
  const result: PdfSignatureCheck = {
    name,
    kind: subFilter === "ETSI.RFC3161" ? "document-timestamp" : "signature",
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
  result.end = end;
  const signed = [bytes.subarray(0, firstLength), bytes.subarray(gapEnd, end)];
  const reason = dict.getString("Reason", resolve)?.asString();
  if (reason !== undefined) result.reason = reason;
  const claimed = dict.getString("M", resolve)?.asString();
  const claimedTime = claimed === undefined ? undefined : parsePdfDate(claimed);
  if (claimedTime !== undefined) result.signingTime = claimedTime;

  if (result.kind === "document-timestamp") {
    const token = checkDocumentTimestampToken(stripPadding(contents.bytes), signed);
    result.timestamp = token;
    result.certificates = token.certificates;
    if (token.tsa !== undefined) result.signer = token.tsa;
    if (token.genTime !== undefined) result.signingTime = token.genTime;
    result.digest = token.status === "unreadable" ? "unreadable" : "match";
    result.signature = token.status === "valid" ? "valid" : token.status;
    if (token.status === "invalid" && token.failure === "imprint") result.digest = "mismatch";
    if (token.status === "invalid" && token.failure !== "signature") result.signature = "valid";
    if (token.problem !== undefined) result.problem = token.problem;
    return result;
  }
  try {
    checkCms(contents.bytes, signed, result);
  } catch (error) {
    result.problem = `The signature's CMS could not be read: ${(error as Error).message}`;
  }
  return result;
}

/** The DER element at the start of a /Contents string, without the zeros that pad it. */
function stripPadding(bytes: Uint8Array): Uint8Array {
  const first = bytes[1] ?? 0;
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const count = first & 0x7f;
  let length = 0;
  for (let index = 0; index < count; index++) length = length * 256 + (bytes[2 + index] ?? 0);
  return bytes.subarray(0, Math.min(bytes.length, 2 + count + length));
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
