import { createHash, type X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { checkSigner, DIGESTS, OID, readSignedData, type SignerOutcome } from "./cms-signed-data";

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
  const [value] = values;
  if (values.length !== 1 || !(value instanceof asn1js.Sequence)) {
    return {
      status: "unreadable",
      problem: "the attribute does not hold exactly one token",
      certificates: [],
    };
  }
  return checkTokenOver(value, [signatureValue]);
}

/**
 * Checks a document timestamp (a signature dictionary of /SubFilter /ETSI.RFC3161, PAdES B-LTA):
 * its /Contents is a timestamp token whose messageImprint is the hash of the bytes its
 * /ByteRange covers (`signed`, in parts), checked as `checkTimestampToken` checks a signature's.
 */
export function checkDocumentTimestampToken(
  der: Uint8Array,
  signed: readonly Uint8Array[],
): TimestampCheck {
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1) {
    return { status: "unreadable", problem: "not DER", certificates: [] };
  }
  return checkTokenOver(parsed.result, signed);
}

function checkTokenOver(value: asn1js.AsnType, imprinted: readonly Uint8Array[]): TimestampCheck {
  const check: TimestampCheck = { status: "unreadable", certificates: [] };
  try {
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
    const hash = createHash(imprintName);
    for (const part of imprinted) hash.update(part);
    const imprint = hash.digest();
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
