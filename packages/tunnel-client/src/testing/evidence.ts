import type { EvidenceVerification, VerifyEvidence } from "../evidence";
import { fromBase64Url, timingSafeEqual } from "../protocol/index";

/** The honest status of the in-test responder: no TEE, so not Success. */
export const TEST_STATUS = {
  status: "None",
  reason: "no hardware isolation: test server",
  components: { amd_sev_snp: false },
};

/**
 * A verifier for the responder's test evidence: accepts `format: "paraphe-test"` evidence whose
 * key and nonce are the ones the tunnel hands over.
 */
export const verifyTestEvidence: VerifyEvidence = async (evidence, context) => {
  const key = fromBase64Url(evidence.hpkePublicKey);
  const nonce = fromBase64Url(evidence.clientNonce);
  const ok =
    evidence.format === "paraphe-test" &&
    key !== null &&
    nonce !== null &&
    timingSafeEqual(key, context.hpkePublicKey) &&
    timingSafeEqual(nonce, context.clientNonce);
  const verification: EvidenceVerification = {
    ok,
    status: ok
      ? TEST_STATUS
      : { status: "GenericFailure", reason: "unknown evidence format", components: {} },
    results: { components: { container_config: { value: "test", reference: "test" } } },
  };
  return verification;
};
