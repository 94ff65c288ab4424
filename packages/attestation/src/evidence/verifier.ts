import { fromBase64, timingSafeEqual } from "../internal/bytes";
import type { AttestationResults, AttestationStatus } from "../status/schema";
import { attestationEvidenceSchema, evaluateEvidence } from "./evidence";
import { parseReferenceValues, type ReferenceValues } from "./reference-values";

/** What the tunnel hands to an evidence check (structurally the tunnel client's `EvidenceContext`). */
export interface EvidenceCheckContext {
  clientNonce: Uint8Array;
  hpkePublicKey: Uint8Array;
}

/** The outcome of an evidence check (structurally the tunnel client's `EvidenceVerification`). */
export interface EvidenceCheck {
  /** False refuses the handshake. */
  ok: boolean;
  status: AttestationStatus;
  results: AttestationResults;
}

export interface EvidenceVerifierOptions {
  /**
   * The reference values of the api's build, pinned into the client when it was built (the api
   * build's `reference-values.json`): the values the checked host must present. Or how to get them
   * (read once, then kept), such as `referenceValuesFromServer` in development, which verifies
   * nothing: the server vouches for itself. Malformed values are refused (`parseReferenceValues`).
   */
  referenceValues: ReferenceValues | (() => Promise<ReferenceValues>);
  /**
   * Refuse a server whose status is not `Success` (a production client of an attested host).
   * Default `false`: the session opens and the status shows honestly what was and was not verified.
   */
  requireVerified?: boolean;
  /** The time certificates are judged at; the current time by default. */
  now?: () => Date;
}

function sameBytes(base64: string, bytes: Uint8Array): boolean {
  const decoded = fromBase64(base64);
  return decoded !== null && timingSafeEqual(decoded, bytes);
}

/**
 * The evidence check of a tunnel client (`verifyEvidence` of `@paraphe/tunnel-client`): the server's
 * evidence must be bound to the HPKE key the client encapsulates to and to the nonce it sent, or the
 * handshake is refused; `evaluateEvidence` against the reference values gives the honest status
 * (without a TEE: GenericFailure, "no hardware isolation: development server").
 */
export function createEvidenceVerifier(
  options: EvidenceVerifierOptions,
): (evidence: unknown, context: EvidenceCheckContext) => Promise<EvidenceCheck> {
  const source = options.referenceValues;
  // Pinned values are checked at once: a client built with malformed values fails at start.
  const pinned = typeof source === "function" ? undefined : parseReferenceValues(source);
  let references: Promise<ReferenceValues> | undefined;
  const loadReferences = (): Promise<ReferenceValues> => {
    if (typeof source !== "function") return Promise.resolve(pinned ?? {});
    references ??= source()
      .then(parseReferenceValues)
      .catch((error: unknown) => {
        references = undefined; // try again at the next handshake
        throw error;
      });
    return references;
  };
  return async (evidence, context) => {
    const attestation = (evidence as { attestation?: unknown } | null)?.attestation;
    const evaluation = await evaluateEvidence(attestation, {
      referenceValues: await loadReferences(),
      expectedKeyBinding: { hpkePublicKey: context.hpkePublicKey, nonce: context.clientNonce },
      now: options.now?.() ?? new Date(),
    });
    const claims = attestationEvidenceSchema.safeParse(attestation);
    const bound =
      claims.success &&
      sameBytes(claims.data.hpkePublicKey, context.hpkePublicKey) &&
      sameBytes(claims.data.nonce, context.clientNonce);
    const verified = evaluation.status.status === "Success";
    return {
      ok: bound && (verified || options.requireVerified !== true),
      status: evaluation.status,
      results: evaluation.results,
    };
  };
}
