import type { X509Certificate } from "node:crypto";
import { displayName } from "./certificate-chain";
import type { ProofRecord } from "./proof-record";

/**
 * What the verifier reports: each check (which file, which aspect, passed, failed or only
 * warned, and its message of the `verify` i18n namespace) and the verdict they make together.
 */

/** Which file a check is about. */
export type VerifiedFile = "document" | "proof" | "original";

/** A message of the `verify` i18n namespace: its key under `checks` and its values. */
export interface CheckMessage {
  key: CheckKey;
  values: Record<string, string | number>;
}

export type CheckKey =
  | "unreadable"
  | "noSignature"
  | "coverageWhole"
  | "coverageRevision"
  | "coveragePartial"
  | "coverageMalformed"
  | "digestMatch"
  | "digestMismatch"
  | "digestUnreadable"
  | "signatureValid"
  | "signatureInvalid"
  | "signatureUnreadable"
  | "chainTrusted"
  | "chainRootNotChecked"
  | "chainNotAnchored"
  | "chainIssuerMissing"
  | "chainBadSignature"
  | "chainNotValidAt"
  | "chainNotCa"
  | "timestampValid"
  | "timestampRootNotChecked"
  | "timestampIntactEarlier"
  | "timestampMissing"
  | "timestampRequired"
  | "timestampUnreadable"
  | "timestampSignatureInvalid"
  | "timestampImprintMismatch"
  | "timestampNotTimestamping"
  | "timestampChainNotAnchored"
  | "timestampChainIssuerMissing"
  | "timestampChainBadSignature"
  | "timestampChainNotValidAt"
  | "timestampChainNotCa"
  | "proofSealRecognised"
  | "proofSignatureCount"
  | "proofSealForeign"
  | "proofAppended"
  | "sealsSame"
  | "sealsDiffer"
  | "sealPinned"
  | "sealIsAnchor"
  | "sealNotPinned"
  | "sealIdentityNotPinned"
  | "recordMissing"
  | "recordInvalid"
  | "eventsIntact"
  | "eventsBroken"
  | "eventsHeadMismatch"
  | "eventsCompletedMismatch"
  | "documentHashMatch"
  | "documentHashMismatch"
  | "originalHashMatch"
  | "originalHashMismatch"
  | "coverageValidationData"
  | "coverageModifiedAfter"
  | "documentTimestampValid"
  | "documentTimestampRootNotChecked"
  | "documentTimestampImprintMismatch"
  | "revocationGood"
  | "revocationRevokedLater"
  | "revocationRevoked"
  | "revocationMissing"
  | "revocationNotNeeded"
  | "levelReached";

export interface VerificationCheck {
  file: VerifiedFile;
  /**
   * What was checked: `coverage`, `digest`, `signature`, `timestamp` (the RFC 3161 token of a
   * B-T seal, or a document timestamp), `certificates`, `revocation` (a certificate's status from
   * the file's validation data), `level` (the PAdES level a signature reaches), `origin` (the
   * proof is one Paraphe sealed as a proof), `identity` (which certificate made the seals),
   * `record`, `events`, `hash`.
   */
  aspect:
    | "read"
    | "coverage"
    | "digest"
    | "signature"
    | "timestamp"
    | "certificates"
    | "revocation"
    | "level"
    | "origin"
    | "identity"
    | "record"
    | "events"
    | "hash";
  /** `warn`: not a failure, but not proven either (a root not checked, an earlier signer). */
  status: "pass" | "fail" | "warn";
  message: CheckMessage;
}

/**
 * `valid`: every check passed, the seals (and their timestamp authorities) lead to a trusted
 * root and the seals' certificate is the one pinned (exit 0); `invalid`: a check failed (exit 1);
 * `root-not-checked`: every check passed but a seal's or a timestamp authority's root was not
 * checked against a trust anchor, or the seals' certificate was not pinned (exit 3).
 */
export type Verdict = "valid" | "invalid" | "root-not-checked";

export interface VerificationReport {
  verdict: Verdict;
  checks: VerificationCheck[];
  /**
   * The PAdES level (B-B, B-T, B-LT, B-LTA) each intact signature of the sealed document reaches,
   * by signature field name.
   */
  levels: Record<string, "B-B" | "B-T" | "B-LT" | "B-LTA">;
  /** The proof's record, when it could be read. */
  record?: ProofRecord;
}

/** The trust anchors given: `ca` for seals and timestamp authorities, `tsa` for the latter only. */
export interface Anchors {
  ca: readonly X509Certificate[];
  tsa: readonly X509Certificate[];
}

function checkOf(status: VerificationCheck["status"]) {
  return (
    file: VerifiedFile,
    aspect: VerificationCheck["aspect"],
    key: CheckKey,
    values: CheckMessage["values"],
  ): VerificationCheck => ({ file, aspect, status, message: { key, values } });
}

export const pass = checkOf("pass");
export const fail = checkOf("fail");
export const warn = checkOf("warn");

/** The values of a chain failure's message about `certificate`: its name and validity period. */
export function failedCertificateValues(certificate: X509Certificate): CheckMessage["values"] {
  return {
    certificate: displayName(certificate),
    from: new Date(certificate.validFrom).toISOString(),
    to: new Date(certificate.validTo).toISOString(),
  };
}
