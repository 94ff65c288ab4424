import { createHash, type X509Certificate } from "node:crypto";
import { PDF } from "@libpdf/core";
import { checkCertificateChain, displayName } from "./certificate-chain";
import { checkPdfSignatures, type PdfSignatureCheck } from "./pdf-signatures";
import {
  PROOF_RECORD_FILENAME,
  PROOF_SEAL_FIELD_NAME,
  PROOF_SEAL_FIELD_NAMES,
  PROOF_SEAL_REASON,
  checkProofChain,
  proofRecordSchema,
  type ProofRecord,
} from "./proof-record";
import { checkLevels, type PadesLevel, type ProvenDocumentTimestamp } from "./level-checks";
import { checkValidationDataRevisions, readDocumentSecurityStore } from "./long-term-validation";
import { checkDocumentTimestamp, checkTimestamp } from "./timestamp-checks";
import {
  fail,
  failedCertificateValues,
  pass,
  warn,
  type Anchors,
  type CheckKey,
  type VerificationCheck,
  type VerificationReport,
  type Verdict,
} from "./verification-report";

/** The largest file the verifier reads (each of the sealed PDF, the proof and the original). */
export const VERIFY_MAX_FILE_BYTES = 100 * 1024 * 1024;

export interface VerifyInput {
  /** The sealed PDF as downloaded from Paraphe. */
  sealed: Uint8Array;
  /** The audit-log proof PDF of the same envelope. */
  proof: Uint8Array;
  /** The uploaded original, to check against the hashes the proof records. */
  original?: Uint8Array;
  /**
   * Trust anchors (DER): the chain of every signature, each signer's and the seal's, must lead to
   * one. None: the roots are reported unchecked.
   */
  trustAnchors?: readonly X509Certificate[];
  /**
   * The trust anchors of the timestamp authorities of B-T seals. Given: each seal must carry a
   * timestamp token whose authority's chain leads to one of them (a removed or foreign token
   * fails). None: a timestamp authority whose chain leads to one of `trustAnchors` is trusted,
   * any other is reported with its root unchecked, and a seal without a token only claims its time.
   */
  tsaTrustAnchors?: readonly X509Certificate[];
  /**
   * The platform's seal certificate: both seals must be made with its key. Without it, a seal
   * whose certificate is itself one of `trustAnchors` is pinned by that anchor; any other is
   * reported as not pinned (any certificate under the root would pass), which makes the verdict
   * `root-not-checked`.
   */
  sealCertificate?: X509Certificate;
  /** Used when a signature carries no signing time; now by default. */
  now?: Date;
  /** The largest file accepted; {@link VERIFY_MAX_FILE_BYTES} by default. */
  maxBytes?: number;
}

/**
 * Checks a document sealed by Paraphe and its audit-log proof, offline, in time linear in their
 * sizes:
 * 1. each PDF's signatures: the byte range of the last one covers the whole file but the
 *    signature, the CMS messageDigest equals the SHA-256 of the signed bytes, the signature over
 *    the signed attributes verifies with the signer's certificate;
 * 2. the RFC 3161 timestamp token of each B-T seal: over the seal's signature value, intact,
 *    signed by a timestamping certificate whose chain leads to one of `trustAnchors` or
 *    `tsaTrustAnchors` at the token's time; a seal without a token has only a claimed time;
 * 3. the certificate chain of every signature (each signer's and the seal's), at every level, to
 *    one of `trustAnchors` (or consistent up to an unchecked root when none are given: a chain
 *    that reaches none of those given fails), valid at the time its token proves (else the
 *    claimed signing time);
 * 4. the proof is one Paraphe sealed as a proof: exactly one signature, over the whole file,
 *    named {@link PROOF_SEAL_FIELD_NAME} with the reason {@link PROOF_SEAL_REASON} (a document
 *    Paraphe sealed, whatever it carries, is refused as a proof and its record is not read);
 * 5. both seals are made by the same certificate, the pinned one (`sealCertificate`, or a
 *    certificate given itself as a trust anchor);
 * 6. the sealed file's SHA-256 (and the original's, when given) is one the proof records;
 * 7. the proof's record (`paraphe-proof.json`) and its chain of events;
 * 8. long-term validation (PAdES B-LT, B-LTA): the revisions after each seal add only validation
 *    data and document timestamps, each document timestamp's token is over the bytes it covers,
 *    each signature's certificates have revocation data in the DSS at the time its timestamps
 *    prove, and the level each signature reaches (`levels`).
 * Hashing and signature verification use node:crypto; ASN.1 and CMS parsing pkijs.
 */
export async function verifySealedDocument(input: VerifyInput): Promise<VerificationReport> {
  const anchors: Anchors = { ca: input.trustAnchors ?? [], tsa: input.tsaTrustAnchors ?? [] };
  const now = input.now ?? new Date();
  const checks: VerificationCheck[] = [];

  const maxBytes = input.maxBytes ?? VERIFY_MAX_FILE_BYTES;
  const files = [
    ["document", input.sealed],
    ["proof", input.proof],
    ["original", input.original],
  ] as const;
  for (const [file, bytes] of files) {
    if (bytes !== undefined && bytes.length > maxBytes) {
      const reason = `larger than ${maxBytes} bytes`;
      checks.push(fail(file, "read", "unreadable", { reason }));
    }
  }
  if (checks.length > 0) return { verdict: "invalid", checks, levels: {} };

  const document = await checkSignedPdf("document", input.sealed, anchors, now, checks);
  const proof = await checkSignedPdf("proof", input.proof, anchors, now, checks);
  const isProof = proof !== undefined && checkProofOrigin(proof, checks);
  checkSealIdentity(document?.seal, proof?.seal, input, checks);

  let record: ProofRecord | undefined;
  if (proof !== undefined && isProof) {
    record = readRecord(proof.pdf, checks);
    if (record !== undefined) {
      const chain = checkProofChain(record);
      const entries = record.chain.entries;
      if (chain.ok) {
        checks.push(
          pass("proof", "events", "eventsIntact", {
            count: chain.events,
            envelopeId: record.envelopeId,
            head: record.chain.head ?? "—",
          }),
        );
      } else if (chain.reason === "head") {
        checks.push(fail("proof", "events", "eventsHeadMismatch", {}));
      } else {
        const entry = entries[chain.brokenAt];
        const values = {
          index: chain.brokenAt + 1,
          type: entry?.event.type ?? "?",
          at: entry?.event.at ?? "?",
        };
        checks.push(
          chain.reason === "completed-hash"
            ? fail("proof", "events", "eventsCompletedMismatch", values)
            : fail("proof", "events", "eventsBroken", values),
        );
      }
      const sealedHash = sha256Hex(input.sealed);
      checks.push(
        record.documents.some((document) => document.sealedSha256 === sealedHash)
          ? pass("document", "hash", "documentHashMatch", { hash: sealedHash })
          : fail("document", "hash", "documentHashMismatch", { hash: sealedHash }),
      );
      if (input.original !== undefined) {
        const originalHash = sha256Hex(input.original);
        checks.push(
          record.documents.some((document) => document.originalSha256 === originalHash)
            ? pass("original", "hash", "originalHashMatch", { hash: originalHash })
            : fail("original", "hash", "originalHashMismatch", { hash: originalHash }),
        );
      }
    }
  }

  // Only unchecked roots make the verdict root-not-checked: the other warnings (an earlier
  // signer, a signing time only claimed) are said, not held against the seal.
  const verdict: Verdict = checks.some((check) => check.status === "fail")
    ? "invalid"
    : checks.some(
          (check) =>
            check.status === "warn" &&
            (check.aspect === "certificates" ||
              check.aspect === "identity" ||
              check.message.key === "timestampRootNotChecked" ||
              check.message.key === "documentTimestampRootNotChecked"),
        )
      ? "root-not-checked"
      : "valid";
  return {
    verdict,
    checks,
    levels: document?.levels ?? {},
    ...(record === undefined ? {} : { record }),
  };
}

/** The exit code of a verdict: 0 valid, 1 invalid, 3 intact but the root was not checked. */
export function exitCodeOf(verdict: Verdict): 0 | 1 | 3 {
  return verdict === "valid" ? 0 : verdict === "invalid" ? 1 : 3;
}

/** A PDF that could be read and its signatures, the last applied last. */
interface SignedPdf {
  pdf: PDF;
  /** Its signatures and document timestamps, the last applied last. */
  signatures: PdfSignatureCheck[];
  /** The last signature that is not a document timestamp: the seal. */
  seal?: PdfSignatureCheck;
  /**
   * Whether the seal covers the file: the whole of it, or all but revisions that only add
   * validation data and document timestamps.
   */
  sealCovers: boolean;
  /** The PAdES level each signature reaches, by name. */
  levels: Record<string, PadesLevel>;
}

async function checkSignedPdf(
  file: "document" | "proof",
  bytes: Uint8Array,
  anchors: Anchors,
  now: Date,
  checks: VerificationCheck[],
): Promise<SignedPdf | undefined> {
  let pdf: PDF;
  let signatures: PdfSignatureCheck[];
  try {
    pdf = await PDF.load(bytes);
    signatures = checkPdfSignatures(bytes, pdf);
  } catch (error) {
    checks.push(fail(file, "read", "unreadable", { reason: (error as Error).message }));
    return undefined;
  }
  const sealIndex = signatures.findLastIndex((signature) => signature.kind === "signature");
  const seal = signatures[sealIndex];
  if (seal === undefined) {
    checks.push(fail(file, "read", "noSignature", {}));
    return { pdf, signatures, sealCovers: false, levels: {} };
  }
  const store = readDocumentSecurityStore(pdf);
  // After the seal, only validation data and document timestamps may follow (PAdES B-LT, B-LTA).
  let appended: string | undefined;
  if (seal.coverage.kind === "earlier-revision") {
    try {
      appended = await checkValidationDataRevisions(bytes, seal.coverage.end, pdf);
    } catch (error) {
      appended = (error as Error).message;
    }
  }
  const sealCovers = seal.coverage.kind === "whole-file" || appended === undefined;
  const documentTimestamps: ProvenDocumentTimestamp[] = [];
  signatures.forEach((signature, index) => {
    const last = index === sealIndex;
    const name = signature.name;
    const subject = signature.signer === undefined ? "?" : displayName(signature.signer);
    const reason = signature.problem ?? "";
    const { coverage } = signature;
    if (coverage.kind === "malformed") {
      checks.push(fail(file, "coverage", "coverageMalformed", { name, reason }));
      return;
    }
    if (signature.kind === "document-timestamp") {
      // Its coverage is the seal's affair (what follows the seal); its token says the rest.
      const genTime = checkDocumentTimestamp(file, signature, anchors, store.certificates, checks);
      if (genTime !== undefined) documentTimestamps.push({ signature, genTime });
      return;
    }
    if (coverage.kind === "whole-file") {
      checks.push(pass(file, "coverage", "coverageWhole", { name }));
    } else if (last && appended === undefined) {
      checks.push(pass(file, "coverage", "coverageValidationData", { name }));
    } else if (last) {
      checks.push(
        fail(file, "coverage", "coverageModifiedAfter", { name, reason: appended ?? "" }),
      );
    } else {
      checks.push(pass(file, "coverage", "coverageRevision", { name, end: coverage.end }));
    }

    if (signature.digest === "match") checks.push(pass(file, "digest", "digestMatch", { name }));
    else if (signature.digest === "mismatch") {
      checks.push(fail(file, "digest", "digestMismatch", { name }));
    } else checks.push(fail(file, "digest", "digestUnreadable", { name, reason }));

    if (signature.signature === "valid") {
      checks.push(pass(file, "signature", "signatureValid", { name, subject }));
    } else if (signature.signature === "invalid") {
      checks.push(fail(file, "signature", "signatureInvalid", { name, subject }));
    } else if (signature.digest !== "unreadable") {
      checks.push(fail(file, "signature", "signatureUnreadable", { name, reason }));
    }

    const provenTime = checkTimestamp(file, signature, last, anchors, checks);

    if (signature.signer === undefined) return;
    // Every signature's chain, a signer's as the seal's, at every level: to one of the trusted
    // roots given (a signer whose chain reaches none fails), valid at the time its token proves
    // (B-T), else the time it claims (B-B).
    const at = provenTime ?? signature.signingTime ?? now;
    const date = at.toISOString();
    const chain = checkCertificateChain(signature.signer, signature.certificates, anchors.ca, at);
    switch (chain.status) {
      case "trusted":
        checks.push(
          pass(file, "certificates", "chainTrusted", {
            subject,
            root: displayName(chain.root),
            date,
          }),
        );
        break;
      case "root-not-checked":
        checks.push(
          warn(file, "certificates", "chainRootNotChecked", {
            subject,
            root: displayName(chain.root),
            date,
          }),
        );
        break;
      case "failed": {
        const key = {
          "not-anchored": "chainNotAnchored",
          "issuer-missing": "chainIssuerMissing",
          "bad-signature": "chainBadSignature",
          "not-valid-at": "chainNotValidAt",
          "not-ca": "chainNotCa",
        } as const satisfies Record<typeof chain.reason, CheckKey>;
        checks.push(
          fail(file, "certificates", key[chain.reason], {
            subject,
            date,
            ...failedCertificateValues(chain.certificate),
          }),
        );
      }
    }
  });
  const levels = checkLevels(file, signatures, documentTimestamps, store, anchors, checks);
  return { pdf, signatures, seal, sealCovers, levels: Object.fromEntries(levels) };
}

/**
 * Whether the proof is one Paraphe sealed as a proof: one signature only, over the whole file,
 * with the proof seal's field name and reason (inside the signed bytes). Anything else (a
 * document Paraphe sealed that carries a `paraphe-proof.json` of its own, a proof signed again
 * or appended to) is refused as a proof, with a failed check saying why.
 */
function checkProofOrigin(proof: SignedPdf, checks: VerificationCheck[]): boolean {
  // Document timestamps (B-LTA) are not signatures of their own.
  const signatures = proof.signatures.filter((signature) => signature.kind === "signature");
  if (signatures.length === 0) return false;
  const expected = { expectedName: PROOF_SEAL_FIELD_NAME, expectedReason: PROOF_SEAL_REASON };
  if (signatures.length !== 1) {
    checks.push(fail("proof", "origin", "proofSignatureCount", { signatures: signatures.length }));
    return false;
  }
  const [seal] = signatures as [PdfSignatureCheck];
  const values = { name: seal.name, reason: seal.reason ?? "—", ...expected };
  if (seal.reason !== PROOF_SEAL_REASON || !PROOF_SEAL_FIELD_NAMES.includes(seal.name)) {
    checks.push(fail("proof", "origin", "proofSealForeign", values));
    return false;
  }
  if (!proof.sealCovers) {
    checks.push(fail("proof", "origin", "proofAppended", values));
    return false;
  }
  checks.push(pass("proof", "origin", "proofSealRecognised", values));
  return true;
}

/**
 * Which certificate made the seals: the document's and the proof's seal by the same one, and that
 * one pinned, by the key of `sealCertificate` or by being itself a trust anchor. Without a pin,
 * any certificate under the trusted root would pass: said as not proven.
 */
function checkSealIdentity(
  documentSeal: PdfSignatureCheck | undefined,
  proofSeal: PdfSignatureCheck | undefined,
  input: VerifyInput,
  checks: VerificationCheck[],
): void {
  const documentSigner = documentSeal?.signer;
  if (documentSigner === undefined) return;
  const described = (certificate: X509Certificate) => ({
    subject: displayName(certificate),
    fingerprint: certificate.fingerprint256,
  });
  const pinned = input.sealCertificate;
  if (pinned !== undefined) {
    checks.push(
      sameKey(documentSigner, pinned)
        ? pass("document", "identity", "sealPinned", described(documentSigner))
        : fail("document", "identity", "sealNotPinned", {
            ...described(documentSigner),
            expected: displayName(pinned),
            expectedFingerprint: pinned.fingerprint256,
          }),
    );
  } else if ((input.trustAnchors ?? []).some((anchor) => anchor.raw.equals(documentSigner.raw))) {
    checks.push(pass("document", "identity", "sealIsAnchor", described(documentSigner)));
  } else {
    checks.push(warn("document", "identity", "sealIdentityNotPinned", described(documentSigner)));
  }
  const proofSigner = proofSeal?.signer;
  if (proofSigner === undefined) return;
  checks.push(
    proofSigner.raw.equals(documentSigner.raw)
      ? pass("proof", "identity", "sealsSame", described(proofSigner))
      : fail("proof", "identity", "sealsDiffer", {
          ...described(proofSigner),
          documentSubject: displayName(documentSigner),
          documentFingerprint: documentSigner.fingerprint256,
        }),
  );
}

/** Whether two certificates hold the same public key (a renewed certificate keeps its key). */
function sameKey(a: X509Certificate, b: X509Certificate): boolean {
  const spki = (certificate: X509Certificate) =>
    certificate.publicKey.export({ type: "spki", format: "der" });
  return spki(a).equals(spki(b));
}

function readRecord(pdf: PDF, checks: VerificationCheck[]): ProofRecord | undefined {
  let bytes: Uint8Array | null;
  try {
    bytes = pdf.getAttachment(PROOF_RECORD_FILENAME);
  } catch (error) {
    checks.push(fail("proof", "record", "recordInvalid", { reason: (error as Error).message }));
    return undefined;
  }
  if (bytes === null) {
    checks.push(fail("proof", "record", "recordMissing", { filename: PROOF_RECORD_FILENAME }));
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    checks.push(fail("proof", "record", "recordInvalid", { reason: (error as Error).message }));
    return undefined;
  }
  const parsed = proofRecordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const reason = `${issue?.path.join(".") ?? ""}: ${issue?.message ?? ""}`;
    checks.push(fail("proof", "record", "recordInvalid", { reason }));
    return undefined;
  }
  return parsed.data;
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
