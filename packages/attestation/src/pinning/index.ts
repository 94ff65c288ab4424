/**
 * @paraphe/attestation/pinning — how a client built with the api's reference values reads them and
 * hands them to `createEvidenceVerifier`. Light on purpose (no certificate code): an app can read
 * its setting at start-up and load the verifier itself later.
 */
export {
  MISSING_REFERENCE_VALUES,
  readReferenceValuesSetting,
  verifierReferenceValues,
  type ReferenceValuesServer,
  type ReferenceValuesSetting,
} from "./reference-values-setting";
