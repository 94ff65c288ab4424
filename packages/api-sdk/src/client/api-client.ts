import { endpoints, type Endpoints } from "../contract/endpoints";
import {
  createContractClient,
  type ApiClientOptions,
  type ContractCalls,
  type ContractClientBase,
} from "./contract-client";

export {
  isReadCall,
  type ApiClientOptions,
  type CallOptions,
  type CredentialSource,
} from "./contract-client";

/** A typed method per endpoint of the contract: `api.user.profile({})`. */
export type ApiCalls = ContractCalls<Endpoints>;

export interface ApiClient extends ApiCalls, ContractClientBase {}

/**
 * The typed client of the Paraphe api, for browsers and Node 20. Every call is a `POST` of JSON
 * through the encrypted tunnel, signed (RFC 9421) with the credential spec §6 names for its path;
 * the answer is checked against the contract. Failures reject with an `ApiError` (spec §8), or with
 * the tunnel's own `TunnelError` for failures of the secure session itself.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return createContractClient(endpoints, options);
}
