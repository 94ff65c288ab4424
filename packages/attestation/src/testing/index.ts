/**
 * @paraphe/attestation/testing — an attested api for tests of clients that check its evidence: real
 * tunnels with the evidence of a server without a TEE, and its reference values about itself.
 * Needs `@paraphe/tunnel-client`. Not for product code.
 */
export {
  ATTESTED_API_URL,
  attestedApi,
  type AttestedApi,
  type AttestedApiOptions,
} from "./attested-api";
