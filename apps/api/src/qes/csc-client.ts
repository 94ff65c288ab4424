import {
  authorizeCredential,
  credentialInfo,
  listCredentials,
  signHash,
  type CscActivation,
  type CscAuthorizeInput,
  type CscCredential,
  type CscSignHashInput,
} from "./csc-credentials";
import {
  CscOAuth,
  serviceInfo,
  type CscAuthorization,
  type CscAuthorizationRequest,
  type CscInfo,
  type CscTokens,
} from "./csc-oauth";
import { CscTransport, DEFAULT_TIMEOUT_MS, type CscFetch } from "./csc-transport";

export {
  type CscActivation,
  type CscAuthObject,
  type CscAuthorizeInput,
  type CscCredential,
  type CscSignHashInput,
} from "./csc-credentials";
export {
  authorizationCodeFrom,
  type CscAuthorization,
  type CscAuthorizationRequest,
  type CscInfo,
  type CscScope,
  type CscTokens,
} from "./csc-oauth";
export type { CscFetch } from "./csc-transport";

export interface CscClientOptions {
  /** CSC_BASE_URL: the CSC API's address, ending in `/csc/v2`. */
  baseUrl: string;
  /** CSC_CLIENT_ID. */
  clientId: string;
  /** CSC_CLIENT_SECRET: sent to the token endpoint only; never logged nor put in an error. */
  clientSecret: string;
  /** How long one request may take (10 s by default). */
  timeoutMs?: number;
  /** The outbound fetch (`providerFetch()`); tests may give one of their own. */
  fetch: CscFetch;
}

/**
 * A client of a qualified trust service provider's Cloud Signature Consortium API v2 and of its
 * OAuth 2.0 authorization server: authorization URLs with state and PKCE (S256), the code's
 * exchange (`csc-oauth.ts`), `credentials/list`, `credentials/info`, `credentials/authorize` and
 * `signatures/signHash` (`csc-credentials.ts`). Requests time out, answers are read up to a size,
 * redirects are not followed, and every refusal becomes a `QesError` with a code
 * (`csc-transport.ts`).
 */
export class CscClient {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly #transport: CscTransport;
  readonly #oauth: CscOAuth;

  constructor(options: CscClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.clientId = options.clientId;
    this.#transport = new CscTransport({
      baseUrl: this.baseUrl,
      clientSecret: options.clientSecret,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      fetch: options.fetch,
    });
    this.#oauth = new CscOAuth(this.#transport, {
      clientId: options.clientId,
      clientSecret: options.clientSecret,
    });
  }

  /** The secret stays out of logs and of `JSON.stringify`. */
  toJSON(): Record<string, string> {
    return { baseUrl: this.baseUrl, clientId: this.clientId };
  }

  /** `info`: the service's name, methods and OAuth 2.0 server. */
  async info(lang?: string): Promise<CscInfo> {
    return serviceInfo(this.#transport, lang);
  }

  /**
   * An authorization request (`oauth2/authorize`, CSC v2 §8.4.2) with a fresh state and a PKCE
   * S256 challenge: send the signer to `url`; keep `state` and `codeVerifier` for the callback.
   */
  async createAuthorization(request: CscAuthorizationRequest): Promise<CscAuthorization> {
    return this.#oauth.createAuthorization(request);
  }

  /** The authorization code's exchange for an access token (`oauth2/token`, CSC v2 §8.4.4). */
  async exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
  }): Promise<CscTokens> {
    return this.#oauth.exchangeCode(input);
  }

  /** A new service access token from a refresh token. */
  async refresh(refreshToken: string): Promise<CscTokens> {
    return this.#oauth.refresh(refreshToken);
  }

  /** `credentials/list`: the signer's credentials, described (certificate chain, authorization). */
  async listCredentials(accessToken: string): Promise<CscCredential[]> {
    return listCredentials(this.#transport, accessToken);
  }

  /** `credentials/info`: a credential with its certificate chain and how it is authorized. */
  async credentialInfo(accessToken: string, credentialID: string): Promise<CscCredential> {
    return credentialInfo(this.#transport, accessToken, credentialID);
  }

  /**
   * `credentials/authorize` (explicit mode): the signer's activation data (`[{ id: "PIN", value }]`)
   * for `numSignatures` signatures, bound to `hashes` when given; returns the SAD.
   */
  async authorizeCredential(accessToken: string, input: CscAuthorizeInput): Promise<CscActivation> {
    return authorizeCredential(this.#transport, accessToken, input);
  }

  /**
   * `signatures/signHash`: the raw signatures of `hashes` (in their order) with the credential's
   * key and `signAlgo` (an OID of its `key/algo`). `sad`: from `authorizeCredential`, or a
   * credential-scope access token; none when `accessToken` itself is of scope credential.
   */
  async signHash(accessToken: string, input: CscSignHashInput): Promise<Uint8Array[]> {
    return signHash(this.#transport, accessToken, input);
  }
}
