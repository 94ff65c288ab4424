export { checkCertificateChain, type ChainResult } from "./certificate-chain";
export { describeCheck, formatReport, reportJson, type VerifyLanguage } from "./format";
export {
  checkPdfSignatures,
  parsePdfDate,
  type Coverage,
  type PdfSignatureCheck,
} from "./pdf-signatures";
export {
  PROOF_CHAIN_ALGORITHM,
  PROOF_MAX_DOCUMENTS,
  PROOF_MAX_EVENTS,
  PROOF_RECORD_FILENAME,
  PROOF_RECORD_FORMAT,
  PROOF_SEAL_FIELD_NAME,
  PROOF_SEAL_FIELD_NAMES,
  PROOF_SEAL_REASON,
  buildProofRecord,
  canonicalJson,
  checkProofChain,
  encodeProofRecord,
  proofEventSchema,
  proofRecordSchema,
  publicChainHash,
  type ProofChainCheck,
  type ProofEvent,
  type ProofRecord,
  type ProofRecordInput,
} from "./proof-record";
export { type PadesLevel } from "./level-checks";
export { VerifyExitCode, languageFromEnvironment, runVerifyCli, type CliIo } from "./run-cli";
export { type TimestampCheck } from "./timestamp-token";
export {
  type CheckKey,
  type CheckMessage,
  type VerificationCheck,
  type VerificationReport,
  type Verdict,
  type VerifiedFile,
} from "./verification-report";
export {
  VERIFY_MAX_FILE_BYTES,
  exitCodeOf,
  verifySealedDocument,
  type VerifyInput,
} from "./verify";
