import { fromBase64Url, timingSafeEqual, type Bytes } from "./protocol/bytes";
import { X25519_PUBLIC_KEY_LENGTH } from "./protocol/constants";
import { decodeServerHello, type TunnelEvidence } from "./protocol/handshake";
import { TunnelError } from "./errors";

/** What the app's attestation verifier concluded about the server's evidence. */
export interface EvidenceVerification {
  /** True only when the evidence was verified and binds the HPKE key and the client nonce. */
  ok: boolean;
  /** The app's status model (for Paraphe: `{ status, reason?, components }`), shown as is. */
  status: unknown;
  /** Measurements or component results, when the verifier has them. */
  results?: unknown;
}

/** What the verifier is given besides the evidence: the values the evidence must bind. */
export interface EvidenceContext {
  /** The 32 random bytes of this handshake's client hello. */
  clientNonce: Bytes;
  /** The raw X25519 public key the client is about to encapsulate to (from the evidence). */
  hpkePublicKey: Bytes;
}

/** The app's attestation check: the tunnel does not know attestation formats. */
export type VerifyEvidence = (
  evidence: TunnelEvidence,
  context: EvidenceContext,
) => Promise<EvidenceVerification>;

/** One verification outcome, handed to `onAttestation` whether it succeeded or not. */
export interface AttestationOutcome extends EvidenceVerification {
  /** `now()` when the verification finished (ms since the epoch). */
  checkedAt: number;
}

/** The server hello's evidence, checked: its HPKE public key and the app's verdict on it. */
export interface CheckedEvidence {
  publicKeyBytes: Bytes;
  verification: EvidenceVerification;
  /** The server hello's `maxFirstRequestLength`: null when the server takes no first request. */
  maxFirstRequestLength: number | null;
}

/**
 * Reads the evidence of a server hello and checks it: it must echo this handshake's client nonce
 * and carry a valid X25519 key, and the app's `verifyEvidence` says what it makes of it (its
 * verdict is answered, not judged here). Throws FAILED_TO_ESTABLISH_SESSION for a malformed hello
 * and EVIDENCE_REJECTED for evidence that fails or a verifier that throws.
 */
export async function checkServerEvidence(
  serverHello: Bytes,
  nonce: Bytes,
  verifyEvidence: VerifyEvidence,
): Promise<CheckedEvidence> {
  let evidence: TunnelEvidence;
  let maxFirstRequestLength: number | null;
  try {
    const hello = decodeServerHello(serverHello);
    evidence = hello.evidence;
    maxFirstRequestLength = hello.maxFirstRequestLength ?? null;
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : "";
    throw new TunnelError("FAILED_TO_ESTABLISH_SESSION", `malformed server hello${detail}`, {
      cause: error,
    });
  }
  const echoed = fromBase64Url(evidence.clientNonce);
  if (!echoed || !timingSafeEqual(echoed, nonce)) {
    throw new TunnelError(
      "EVIDENCE_REJECTED",
      "the evidence does not echo this handshake's client nonce",
    );
  }
  const publicKeyBytes = fromBase64Url(evidence.hpkePublicKey);
  if (!publicKeyBytes || publicKeyBytes.length !== X25519_PUBLIC_KEY_LENGTH) {
    throw new TunnelError(
      "EVIDENCE_REJECTED",
      "the evidence carries no valid X25519 hpkePublicKey",
    );
  }
  try {
    const verification = await verifyEvidence(evidence, {
      clientNonce: new Uint8Array(nonce),
      hpkePublicKey: new Uint8Array(publicKeyBytes),
    });
    return { publicKeyBytes, verification, maxFirstRequestLength };
  } catch (error) {
    throw new TunnelError("EVIDENCE_REJECTED", "the evidence verifier failed", { cause: error });
  }
}
