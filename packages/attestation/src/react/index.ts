// The React entry of @paraphe/attestation: the security dialog (spec §2), built on @paraphe/ui-kit,
// with its texts from @paraphe/i18n (namespace `security`). The core stays framework-free in ".".

export { SecurityStatusButton, type SecurityStatusButtonProps } from "./security-status-button";
export { SecurityDialog, type SecurityDialogProps } from "./security-dialog";
export { KeyValueTree, type KeyValueTreeProps } from "./key-value-tree";
export {
  useAttestation,
  type AttestationSource,
  type AttestationState,
  type UseAttestationOptions,
  type UseAttestationResult,
} from "./use-attestation";
export { localStorageAttestationSource } from "./local-storage-source";
