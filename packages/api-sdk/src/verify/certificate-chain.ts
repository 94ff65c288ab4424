import { type X509Certificate } from "node:crypto";

/** Longest chain followed from the signer to a root. */
const MAX_CHAIN_LENGTH = 10;

export type ChainResult =
  /** The chain reaches one of the trust anchors; every link verifies and was valid at `at`. */
  | { status: "trusted"; chain: X509Certificate[]; root: X509Certificate }
  /** No anchors were given: the chain is consistent up to a self-signed root, which was not checked. */
  | { status: "root-not-checked"; chain: X509Certificate[]; root: X509Certificate }
  | {
      status: "failed";
      chain: X509Certificate[];
      reason: "not-anchored" | "issuer-missing" | "bad-signature" | "not-valid-at" | "not-ca";
      /** The certificate the failure is about. */
      certificate: X509Certificate;
    };

/**
 * Builds the chain from `signer` up through `pool` (the CMS's certificates) to a root, and checks
 * each link's signature (node:crypto), the validity period of every certificate at `at`, and that
 * every issuer is a certification authority. With `anchors`, the chain must end at one of them (a
 * certificate equal to an anchor, or issued by one); without, it is followed as far as the pool
 * goes (a self-signed root, or the last certificate whose issuer the signature does not carry)
 * and reported as not checked against a trusted root.
 */
export function checkCertificateChain(
  signer: X509Certificate,
  pool: readonly X509Certificate[],
  anchors: readonly X509Certificate[],
  at: Date,
): ChainResult {
  const chain: X509Certificate[] = [signer];
  const isAnchor = (certificate: X509Certificate) =>
    anchors.some((anchor) => anchor.raw.equals(certificate.raw));
  const issues = (issuer: X509Certificate, subject: X509Certificate) =>
    subject.checkIssued(issuer) && subject.verify(issuer.publicKey);

  let current = signer;
  let root: X509Certificate | undefined;
  for (let step = 0; step < MAX_CHAIN_LENGTH && root === undefined; step++) {
    if (isAnchor(current)) {
      root = current;
      break;
    }
    const anchor = anchors.find((candidate) => issues(candidate, current));
    if (anchor !== undefined) {
      chain.push(anchor);
      root = anchor;
      break;
    }
    if (current.checkIssued(current)) {
      if (!current.verify(current.publicKey)) {
        return { status: "failed", chain, reason: "bad-signature", certificate: current };
      }
      if (anchors.length > 0) {
        return { status: "failed", chain, reason: "not-anchored", certificate: current };
      }
      root = current;
      break;
    }
    const named = pool.filter((candidate) => current.checkIssued(candidate));
    const issuer = named.find((candidate) => current.verify(candidate.publicKey));
    if (issuer === undefined) {
      if (named.length > 0) {
        return { status: "failed", chain, reason: "bad-signature", certificate: current };
      }
      if (anchors.length > 0) {
        return { status: "failed", chain, reason: "issuer-missing", certificate: current };
      }
      // No anchors and the signature does not carry the root: consistent as far as it goes.
      root = current;
      break;
    }
    if (chain.some((seen) => seen.raw.equals(issuer.raw))) {
      return { status: "failed", chain, reason: "issuer-missing", certificate: current };
    }
    chain.push(issuer);
    current = issuer;
  }
  if (root === undefined) {
    return { status: "failed", chain, reason: "issuer-missing", certificate: current };
  }
  for (const certificate of chain) {
    const from = new Date(certificate.validFrom);
    const to = new Date(certificate.validTo);
    if (!(from.getTime() <= at.getTime() && at.getTime() <= to.getTime())) {
      return { status: "failed", chain, reason: "not-valid-at", certificate };
    }
  }
  // Every issuer above the signer must be a CA; a self-signed signer that is its own anchor is fine.
  for (const certificate of chain.slice(1)) {
    if (!certificate.ca) return { status: "failed", chain, reason: "not-ca", certificate };
  }
  return anchors.length > 0
    ? { status: "trusted", chain, root }
    : { status: "root-not-checked", chain, root };
}

/** A certificate's common name (else its whole subject), for messages. */
export function displayName(certificate: X509Certificate): string {
  const commonName = /^CN=(.*)$/m.exec(certificate.subject)?.[1];
  return commonName ?? certificate.subject.replaceAll("\n", ", ");
}
