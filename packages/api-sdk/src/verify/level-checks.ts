import type { X509Certificate } from "node:crypto";
import { checkCertificateChain, displayName, type ChainResult } from "./certificate-chain";
import {
  hasNoRevocationAvailable,
  revocationStatus,
  type DocumentSecurityStore,
} from "./long-term-validation";
import type { PdfSignatureCheck } from "./pdf-signatures";
import { checkTsaChain } from "./timestamp-checks";
import {
  fail,
  pass,
  warn,
  type Anchors,
  type VerificationCheck,
  type VerifiedFile,
} from "./verification-report";

/** The PAdES baseline levels (ETSI EN 319 142-1), lowest first. */
export type PadesLevel = "B-B" | "B-T" | "B-LT" | "B-LTA";

/** A document timestamp that held (`checkDocumentTimestamp`) and the time it proves. */
export interface ProvenDocumentTimestamp {
  signature: PdfSignatureCheck;
  genTime: Date;
}

/**
 * The PAdES level each intact signature of a file reaches, offline (aspects `revocation` and
 * `level`):
 * - B-B: the signature verifies;
 * - B-T: its time is proven, by its own timestamp token or by a document timestamp after it;
 * - B-LT: the file's DSS proves, at that time, that no certificate of its chain (and of its
 *   token's authority) was revoked: an OCSP response or a CRL of each issuer, issued after it;
 * - B-LTA: a document timestamp after it holds, and its authority's chain is proven the same way.
 * Answers the level of each signature by name.
 */
export function checkLevels(
  file: VerifiedFile,
  signatures: readonly PdfSignatureCheck[],
  documentTimestamps: readonly ProvenDocumentTimestamp[],
  store: DocumentSecurityStore,
  anchors: Anchors,
  checks: VerificationCheck[],
): Map<string, PadesLevel> {
  const levels = new Map<string, PadesLevel>();
  const said = new Set<string>();
  const add = (check: VerificationCheck) => {
    const key = JSON.stringify([check.status, check.message]);
    if (said.has(key)) return;
    said.add(key);
    checks.push(check);
  };
  const proven = (name: string, chain: ChainResult, at: Date): boolean => {
    if (chain.status === "failed") return false;
    let holds = true;
    for (let index = 0; index + 1 < chain.chain.length; index++) {
      const certificate = chain.chain[index] as X509Certificate;
      const issuer = chain.chain[index + 1] as X509Certificate;
      const values = { name, certificate: displayName(certificate), date: at.toISOString() };
      if (hasNoRevocationAvailable(certificate)) {
        // A short-lived certificate whose issuer publishes no revocation status (RFC 9608).
        add(pass(file, "revocation", "revocationNotNeeded", values));
        continue;
      }
      const status = revocationStatus(certificate, issuer, at, store);
      switch (status.status) {
        case "good":
          add(
            pass(file, "revocation", "revocationGood", {
              ...values,
              source: status.source === "ocsp" ? "OCSP" : "CRL",
              issuedAt: status.issuedAt.toISOString(),
            }),
          );
          break;
        case "revoked-later":
          add(
            pass(file, "revocation", "revocationRevokedLater", {
              ...values,
              source: status.source === "ocsp" ? "OCSP" : "CRL",
              revokedAt: status.revokedAt.toISOString(),
            }),
          );
          break;
        case "revoked":
          holds = false;
          add(
            fail(file, "revocation", "revocationRevoked", {
              ...values,
              source: status.source === "ocsp" ? "OCSP" : "CRL",
              revokedAt: status.revokedAt.toISOString(),
            }),
          );
          break;
        case "missing":
          holds = false;
          add(warn(file, "revocation", "revocationMissing", values));
      }
    }
    return holds;
  };

  // Each document timestamp's own authority, proven at the time it gives.
  const archival = documentTimestamps.filter(({ signature, genTime }) => {
    if (!store.present || signature.signer === undefined) return false;
    const pool = [...signature.certificates, ...store.certificates];
    return proven(signature.name, checkTsaChain(signature.signer, pool, anchors, genTime), genTime);
  });

  for (const signature of signatures) {
    if (signature.kind !== "signature") continue;
    if (signature.digest !== "match" || signature.signature !== "valid") continue;
    if (signature.signer === undefined) continue;
    const end = signature.end ?? Number.MAX_SAFE_INTEGER;
    const token = signature.timestamp?.status === "valid" ? signature.timestamp : undefined;
    const covering = documentTimestamps
      .filter((timestamp) => (timestamp.signature.end ?? 0) > end)
      .map((timestamp) => timestamp.genTime.getTime());
    const at =
      token?.genTime ?? (covering.length > 0 ? new Date(Math.min(...covering)) : undefined);
    let level: PadesLevel = at === undefined ? "B-B" : "B-T";
    if (at !== undefined && store.present) {
      const pool = [...signature.certificates, ...store.certificates];
      let holds = proven(
        signature.name,
        checkCertificateChain(signature.signer, pool, anchors.ca, at),
        at,
      );
      if (token?.tsa !== undefined && token.genTime !== undefined) {
        const tsaPool = [...token.certificates, ...store.certificates];
        const tsaChain = checkTsaChain(token.tsa, tsaPool, anchors, token.genTime);
        holds = proven(signature.name, tsaChain, token.genTime) && holds;
      }
      if (holds) {
        level = archival.some((timestamp) => (timestamp.signature.end ?? 0) > end)
          ? "B-LTA"
          : "B-LT";
      }
    }
    levels.set(signature.name, level);
    checks.push(pass(file, "level", "levelReached", { name: signature.name, level }));
  }
  return levels;
}
