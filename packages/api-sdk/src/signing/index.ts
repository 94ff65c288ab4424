export {
  DEFAULT_MAX_SKEW_SECONDS,
  SIGNATURE_ALGORITHM,
  SIGNATURE_LABEL,
  SIGNED_COMPONENTS,
  TIMESTAMP_HEADER,
} from "./constants";
export { computeContentDigest, computeLegacyDigest } from "./content-digest";
export { webCryptoPrimitives, type SignaturePrimitives } from "./hmac";
export {
  APP_CREDENTIAL_EXCEPTIONS,
  credentialKindForPath,
  SESSION_CREDENTIAL_PREFIXES,
  type CredentialKind,
} from "./credential-kind";
export {
  createMemoryNonceStore,
  type MemoryNonceStore,
  type MemoryNonceStoreOptions,
} from "./nonce-store";
export type { HeadersInput } from "./signature-base";
export {
  signRequest,
  type SignedHeaders,
  type SigningCredential,
  type SignRequestInput,
} from "./sign-request";
export { SF_INTEGER_MAX, SF_INTEGER_MIN } from "./structured-fields";
export {
  SignatureFailureCode,
  verifyRequestSignature,
  type NonceStore,
  type VerifyRequestInput,
  type VerifyRequestResult,
} from "./verify-request";
