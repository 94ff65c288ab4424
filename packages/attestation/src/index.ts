// AMD SEV-SNP attestation reports
export {
  parseSnpReport,
  decodeSnpTcb,
  SnpReportFormatError,
  SNP_REPORT_SIZE,
  SNP_SIGNATURE_OFFSET,
  SNP_SUPPORTED_REPORT_VERSIONS,
  type SnpCpuid,
  type SnpFirmwareVersion,
  type SnpGuestPolicy,
  type SnpKeyInfo,
  type SnpPlatformInfo,
  type SnpReport,
  type SnpReportErrorCode,
  type SnpSigningKey,
  type SnpTcbLayout,
  type SnpTcbVersion,
} from "./sev-snp/report";
export {
  importVcekPublicKey,
  verifySnpReport,
  verifySnpReportSignature,
  type SnpCheckName,
  type SnpCheckOutcome,
  type SnpExpectations,
  type SnpVerificationIssue,
  type SnpVerificationResult,
  type VerifySnpReportOptions,
} from "./sev-snp/verify";
export type { CertificateChainInput, CertificateInput } from "./sev-snp/certificates";
export type { SnpProductLine } from "./sev-snp/vcek-binding";
export { AMD_MILAN_ARK_SHA256, DEFAULT_TRUSTED_ARK_SHA256 } from "./sev-snp/trust-anchors";

// Attestation record and status model
export {
  attestationRecordSchema,
  attestationResultsSchema,
  attestationStatusSchema,
  parseAttestationResults,
  parseAttestationStatus,
  type AttestationOverallStatus,
  type AttestationRecord,
  type AttestationResultEntry,
  type AttestationResults,
  type AttestationStatus,
} from "./status/schema";
export {
  ATTESTATION_HISTORY_LIMIT,
  ATTESTATION_SAVED_EVENT,
  ATTESTATION_STORE_NAME,
  createAttestationRecord,
  loadAttestation,
  readAttestationRecords,
  readLatestAttestation,
  saveAttestation,
  type AttestationSnapshot,
  type AttestationStorage,
} from "./status/store";
export {
  ATTESTATION_TEXT_KEYS,
  KNOWN_ATTESTATION_COMPONENTS,
  componentDisplayName,
  describeComponent,
  describeComponents,
  describeOverallStatus,
  describeAttestation,
  isWithoutHardwareIsolation,
  NO_HARDWARE_ISOLATION_PREFIX,
  type AttestationComponentTextKey,
  type AttestationIcon,
  type AttestationStatusTextKey,
  type AttestationTone,
  type ComponentState,
  type ComponentView,
  type KnownAttestationComponent,
  type OverallStatusView,
} from "./status/describe";
export {
  ATTESTATION_REFRESH_MS,
  createVisibilityPoller,
  type VisibilityDocument,
  type VisibilityPoller,
  type VisibilityPollerOptions,
} from "./status/poller";

// Evidence of the api host
export {
  attestationEvidenceSchema,
  computeReportDataBinding,
  evaluateEvidence,
  HARDWARE_COMPONENT,
  LAUNCH_COMPONENT,
  NO_HARDWARE_ISOLATION_REASON,
  type AttestationEvaluation,
  type AttestationEvidence,
  type AttestationPlatform,
  type EvaluateEvidenceOptions,
  type ReportDataBindingInput,
} from "./evidence/evidence";
export {
  computeReferenceValue,
  parseReferenceValues,
  referenceValuesFromServer,
  type ReferenceValues,
  type ReferenceValuesFromServerOptions,
} from "./evidence/reference-values";
export {
  createEvidenceVerifier,
  type EvidenceCheck,
  type EvidenceCheckContext,
  type EvidenceVerifierOptions,
} from "./evidence/verifier";
