import type { X509Certificate } from "node:crypto";
import { checkCertificateChain, displayName, type ChainResult } from "./certificate-chain";
import type { PdfSignatureCheck } from "./pdf-signatures";
import {
  fail,
  failedCertificateValues,
  pass,
  warn,
  type Anchors,
  type CheckKey,
  type VerificationCheck,
  type VerifiedFile,
} from "./verification-report";

/**
 * The checks of a signature's timestamp token (aspect `timestamp`). Answers the time the token
 * proves when it is intact and its authority's chain did not fail.
 */
export function checkTimestamp(
  file: VerifiedFile,
  signature: PdfSignatureCheck,
  last: boolean,
  anchors: Anchors,
  checks: VerificationCheck[],
): Date | undefined {
  const name = signature.name;
  const token = signature.timestamp;
  if (token === undefined) {
    // Said of the seal only (an earlier signature's signer is not vouched for anyway).
    if (last && anchors.tsa.length > 0) {
      // A timestamp authority was named: a seal without its token was stripped, or never stamped.
      checks.push(fail(file, "timestamp", "timestampRequired", { name }));
    } else if (last) {
      checks.push(
        warn(file, "timestamp", "timestampMissing", {
          name,
          date: signature.signingTime?.toISOString() ?? "?",
        }),
      );
    }
    return undefined;
  }
  const tsa = token.tsa === undefined ? "?" : displayName(token.tsa);
  const genTime = token.genTime?.toISOString() ?? "?";
  if (token.status === "unreadable") {
    checks.push(
      fail(file, "timestamp", "timestampUnreadable", { name, reason: token.problem ?? "" }),
    );
    return undefined;
  }
  if (token.status === "invalid") {
    const key = {
      signature: "timestampSignatureInvalid",
      imprint: "timestampImprintMismatch",
      "not-timestamping": "timestampNotTimestamping",
    } as const satisfies Record<NonNullable<typeof token.failure>, CheckKey>;
    checks.push(fail(file, "timestamp", key[token.failure ?? "signature"], { name, tsa, genTime }));
    return undefined;
  }
  if (token.tsa === undefined || token.genTime === undefined) return undefined;
  if (!last) {
    checks.push(warn(file, "timestamp", "timestampIntactEarlier", { name, tsa, genTime }));
    return token.genTime;
  }
  const chain = checkTsaChain(token.tsa, token.certificates, anchors, token.genTime);
  return reportTsaChain(file, chain, { name, tsa, genTime }, token.genTime, checks, {
    valid: "timestampValid",
    rootNotChecked: "timestampRootNotChecked",
  });
}

/**
 * The checks of a document timestamp (PAdES B-LTA, aspect `timestamp`): its token over the bytes
 * it covers, intact, from a timestamping certificate whose chain (from the token's certificates and
 * `pool`, the file's validation data) leads to a trusted root as a seal's token must. Answers the
 * time it proves when it holds.
 */
export function checkDocumentTimestamp(
  file: VerifiedFile,
  signature: PdfSignatureCheck,
  anchors: Anchors,
  pool: readonly X509Certificate[],
  checks: VerificationCheck[],
): Date | undefined {
  const name = signature.name;
  const token = signature.timestamp;
  if (token === undefined || token.status === "unreadable") {
    const reason = token?.problem ?? signature.problem ?? "";
    checks.push(fail(file, "timestamp", "timestampUnreadable", { name, reason }));
    return undefined;
  }
  const tsa = token.tsa === undefined ? "?" : displayName(token.tsa);
  const genTime = token.genTime?.toISOString() ?? "?";
  if (token.status === "invalid") {
    const key = {
      signature: "timestampSignatureInvalid",
      imprint: "documentTimestampImprintMismatch",
      "not-timestamping": "timestampNotTimestamping",
    } as const satisfies Record<NonNullable<typeof token.failure>, CheckKey>;
    checks.push(fail(file, "timestamp", key[token.failure ?? "signature"], { name, tsa, genTime }));
    return undefined;
  }
  if (token.tsa === undefined || token.genTime === undefined) return undefined;
  const chain = checkTsaChain(token.tsa, [...token.certificates, ...pool], anchors, token.genTime);
  return reportTsaChain(file, chain, { name, tsa, genTime }, token.genTime, checks, {
    valid: "documentTimestampValid",
    rootNotChecked: "documentTimestampRootNotChecked",
  });
}

/**
 * The check a timestamp authority's chain gives (`valid` when it leads to a trusted root,
 * `rootNotChecked` when no root was given to check it against, a failure naming the certificate
 * otherwise); answers the time the token proves when the chain holds.
 */
function reportTsaChain(
  file: VerifiedFile,
  chain: ReturnType<typeof checkTsaChain>,
  values: { name: string; tsa: string; genTime: string },
  genTime: Date,
  checks: VerificationCheck[],
  keys: { valid: CheckKey; rootNotChecked: CheckKey },
): Date | undefined {
  switch (chain.status) {
    case "trusted":
      checks.push(
        pass(file, "timestamp", keys.valid, { ...values, root: displayName(chain.root) }),
      );
      return genTime;
    case "root-not-checked":
      checks.push(
        warn(file, "timestamp", keys.rootNotChecked, { ...values, root: displayName(chain.root) }),
      );
      return genTime;
    case "failed": {
      const key = {
        "not-anchored": "timestampChainNotAnchored",
        "issuer-missing": "timestampChainIssuerMissing",
        "bad-signature": "timestampChainBadSignature",
        "not-valid-at": "timestampChainNotValidAt",
        "not-ca": "timestampChainNotCa",
      } as const satisfies Record<typeof chain.reason, CheckKey>;
      checks.push(
        fail(file, "timestamp", key[chain.reason], {
          ...values,
          ...failedCertificateValues(chain.certificate),
        }),
      );
      return undefined;
    }
  }
}

/**
 * A timestamp authority's chain at `at`: with --tsa-ca anchors, it must lead to one of them (a
 * token from any other authority is foreign); without, a chain that leads to a --ca anchor is
 * trusted, and any other is checked as far as the token's certificates go, its root reported as
 * not checked.
 */
export function checkTsaChain(
  tsa: X509Certificate,
  pool: readonly X509Certificate[],
  anchors: Anchors,
  at: Date,
): ChainResult {
  if (anchors.tsa.length > 0) {
    return checkCertificateChain(tsa, pool, anchors.tsa, at);
  }
  if (anchors.ca.length > 0) {
    const anchored = checkCertificateChain(tsa, pool, anchors.ca, at);
    const unanchored =
      anchored.status === "failed" &&
      (anchored.reason === "not-anchored" || anchored.reason === "issuer-missing");
    if (!unanchored) return anchored;
  }
  return checkCertificateChain(tsa, pool, [], at);
}
