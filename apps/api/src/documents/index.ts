/**
 * `@paraphe/api/documents`: the document engine (stamping, sealing, the proof of signature), for the
 * workspace's benchmarks. The api itself imports the engine's modules directly.
 */
export { type AuditEvent } from "./audit-chain";
export { loadOrCreatePlatformIdentity, type PlatformIdentity } from "./certificates";
export { proofModel, renderProof, type ProofInput } from "./proof";
export { layoutProofInThisThread, type ProofModel } from "./proof-layout";
export { sealPdfInThisThread, stampAndSealInThisThread, type SealOptions } from "./seal";
export { stampFields, type StampField } from "./stamp";
export { closeDocumentWorkers, sealPdf, stampAndSealPdf } from "./worker-pool";
