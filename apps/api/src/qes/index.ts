export {
  authorizationCodeFrom,
  CscClient,
  type CscActivation,
  type CscAuthObject,
  type CscAuthorization,
  type CscAuthorizationRequest,
  type CscClientOptions,
  type CscCredential,
  type CscFetch,
  type CscInfo,
  type CscScope,
  type CscTokens,
} from "./csc-client";
export { CSC_OIDS, CscSigner, type CscActivationSource, type CscSignerOptions } from "./csc-signer";
export { QesError, type QesErrorCode } from "./qes-error";
export { qesProviderFromConfig } from "./qes-provider";
