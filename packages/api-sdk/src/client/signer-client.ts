import { signerEndpoints, type SignerEndpoints } from "../contract/signer-endpoints";
import {
  createContractClient,
  type ApiClientOptions,
  type ContractCalls,
  type ContractClientBase,
} from "./contract-client";

/** The signing link's and the direct link's calls (`signerEndpoints`), as `ApiClient` has them. */
export interface SignerApiClient extends ContractCalls<SignerEndpoints>, ContractClientBase {}

/**
 * `createApiClient` with the public calls of a signing link and of a template's direct link only
 * (`signerEndpoints`): the same methods under the same names, the same tunnel, signing and checks,
 * without the rest of the contract's table and schemas in a signing page's bundle.
 */
export function createSignerApiClient(options: ApiClientOptions): SignerApiClient {
  return createContractClient(signerEndpoints, options);
}
