import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { QesError } from "./qes-error";
import { base64url, DESCRIPTION_MAX, type CscTransport } from "./csc-transport";

/** The OAuth 2.0 scopes of CSC v2 §8.4: the service, or one credential for some signatures. */
export type CscScope = "service" | "credential";

export interface CscAuthorizationRequest {
  /** Where the provider sends the signer back (registered with the provider for the client). */
  redirectUri: string;
  scope: CscScope;
  /** Scope credential: the credential, the number of signatures and, to bind them, the hashes. */
  credentialID?: string;
  numSignatures?: number;
  hashes?: readonly Uint8Array[];
  hashAlgorithmOID?: string;
  /** The signer's language (RFC 5646), for the provider's pages. */
  lang?: string;
  /** Shown by the provider (at most 500 characters). */
  description?: string;
}

/** An authorization request made: the address to send the signer to, and what to keep for the callback. */
export interface CscAuthorization {
  url: string;
  /** Compare with the callback's `state` (`authorizationCodeFrom`). */
  state: string;
  /** PKCE's verifier, for `exchangeCode`: keep it with the signer's session, never in the URL. */
  codeVerifier: string;
}

export interface CscTokens {
  accessToken: string;
  refreshToken: string | undefined;
  /** When the access token expires (ms since the epoch). */
  expiresAt: number;
  /** The credential the provider chose (scope credential with a signatureQualifier). */
  credentialID: string | undefined;
}

const infoSchema = z.object({
  specs: z.string().optional(),
  name: z.string().max(255).optional(),
  authType: z.array(z.string()).optional(),
  oauth2: z.string().optional(),
  oauth2Issuer: z.string().optional(),
  methods: z.array(z.string()).default([]),
});

export type CscInfo = z.infer<typeof infoSchema>;

const metadataSchema = z.object({
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
});

const tokenSchema = z.object({
  access_token: z.string().min(1).max(8192),
  refresh_token: z.string().max(8192).optional(),
  token_type: z.string().optional(),
  expires_in: z.number().positive().optional(),
  credentialID: z.string().optional(),
});

/** `info`: the service's name, methods and OAuth 2.0 server. */
export async function serviceInfo(transport: CscTransport, lang?: string): Promise<CscInfo> {
  return transport.api("info", undefined, lang === undefined ? {} : { lang }, infoSchema);
}

/**
 * The state of an authorization callback's query (`code` and `state`, or `error`): its code, once
 * `state` is checked against the one the request was made with.
 */
export function authorizationCodeFrom(
  callback: URLSearchParams | URL | string,
  expectedState: string,
): string {
  const params =
    callback instanceof URLSearchParams
      ? callback
      : new URL(String(callback), "http://callback.invalid").searchParams;
  const state = params.get("state");
  if (state === null || state !== expectedState)
    throw new QesError(
      "state_mismatch",
      "The provider's callback does not answer this authorization request.",
    );
  const error = params.get("error");
  if (error !== null) {
    const description = (params.get("error_description") ?? "").slice(0, DESCRIPTION_MAX);
    throw new QesError(
      error === "access_denied" ? "access_denied" : "request_refused",
      `The provider refused the authorization (${error.slice(0, 100)}${description === "" ? "" : `: ${description}`}).`,
      { providerError: error.slice(0, 100) },
    );
  }
  const code = params.get("code");
  if (code === null || code === "" || code.length > 4096)
    throw new QesError("invalid_response", "The provider's callback holds no authorization code.");
  return code;
}

/**
 * The client's side of the provider's OAuth 2.0 authorization server (CSC v2 §8.4): its endpoints
 * found from `info`, authorization URLs with state and PKCE (S256), the code's exchange and the
 * refresh of a token. The client secret goes to the token endpoint only, in the request's body.
 */
export class CscOAuth {
  readonly #transport: CscTransport;
  readonly #clientId: string;
  readonly #clientSecret: string;
  #endpoints: Promise<{ authorize: string; token: string }> | undefined;

  constructor(transport: CscTransport, client: { clientId: string; clientSecret: string }) {
    this.#transport = transport;
    this.#clientId = client.clientId;
    this.#clientSecret = client.clientSecret;
  }

  /**
   * The OAuth 2.0 endpoints: under `info`'s `oauth2` base URI, or from the metadata of its
   * `oauth2Issuer` (RFC 8414). Looked up once.
   */
  async #oauthEndpoints(): Promise<{ authorize: string; token: string }> {
    this.#endpoints ??= (async () => {
      const info = await serviceInfo(this.#transport);
      const absolute = (value: string, base?: string) => {
        const url = URL.parse(value, base);
        if (url === null || (url.protocol !== "https:" && url.protocol !== "http:"))
          throw new QesError(
            "invalid_response",
            "The provider's OAuth 2.0 address is not an http(s) URL.",
          );
        return url;
      };
      if (info.oauth2 !== undefined) {
        const base = absolute(info.oauth2.endsWith("/") ? info.oauth2 : `${info.oauth2}/`);
        return {
          authorize: new URL("oauth2/authorize", base).toString(),
          token: new URL("oauth2/token", base).toString(),
        };
      }
      if (info.oauth2Issuer !== undefined) {
        const issuer = absolute(info.oauth2Issuer);
        const path = issuer.pathname === "/" ? "" : issuer.pathname.replace(/\/+$/, "");
        const metadata = this.#transport.parse(
          "metadata",
          metadataSchema,
          await this.#transport.request(
            "metadata",
            `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
            {
              method: "GET",
              headers: {},
            },
          ),
        );
        return {
          authorize: absolute(metadata.authorization_endpoint).toString(),
          token: absolute(metadata.token_endpoint).toString(),
        };
      }
      throw new QesError(
        "invalid_response",
        "The provider's info names no OAuth 2.0 authorization server (oauth2 or oauth2Issuer).",
      );
    })();
    this.#endpoints.catch(() => (this.#endpoints = undefined));
    return this.#endpoints;
  }

  /**
   * An authorization request (`oauth2/authorize`, CSC v2 §8.4.2) with a fresh state and a PKCE
   * S256 challenge: send the signer to `url`; keep `state` and `codeVerifier` for the callback.
   */
  async createAuthorization(request: CscAuthorizationRequest): Promise<CscAuthorization> {
    const { authorize } = await this.#oauthEndpoints();
    const state = base64url(randomBytes(24));
    const codeVerifier = base64url(randomBytes(48));
    const challenge = createHash("sha256").update(codeVerifier).digest("base64url");
    const url = new URL(authorize);
    const params: Record<string, string | undefined> = {
      response_type: "code",
      client_id: this.#clientId,
      redirect_uri: request.redirectUri,
      scope: request.scope,
      code_challenge: challenge,
      code_challenge_method: "S256",
      state,
      lang: request.lang,
      description: request.description?.slice(0, 500),
    };
    if (request.scope === "credential") {
      if (request.credentialID === undefined || request.numSignatures === undefined)
        throw new TypeError("a credential authorization needs credentialID and numSignatures");
      params["credentialID"] = request.credentialID;
      params["numSignatures"] = String(request.numSignatures);
      if (request.hashes !== undefined) {
        if (request.hashAlgorithmOID === undefined)
          throw new TypeError("hashes need their hashAlgorithmOID");
        params["hashes"] = request.hashes.map(base64url).join(",");
        params["hashAlgorithmOID"] = request.hashAlgorithmOID;
      }
    }
    for (const [key, value] of Object.entries(params))
      if (value !== undefined) url.searchParams.set(key, value);
    return { url: url.toString(), state, codeVerifier };
  }

  async #token(form: Record<string, string>, secrets: readonly string[]): Promise<CscTokens> {
    const { token } = await this.#oauthEndpoints();
    const started = Date.now();
    const body = await this.#transport.request(
      "token",
      token,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          ...form,
          client_id: this.#clientId,
          client_secret: this.#clientSecret,
        }).toString(),
      },
      secrets,
    );
    const parsed = this.#transport.parse("token", tokenSchema, body);
    if (parsed.token_type !== undefined && parsed.token_type.toLowerCase() !== "bearer")
      throw new QesError("invalid_response", "The provider's token is not a Bearer token.");
    return {
      accessToken: parsed.access_token,
      refreshToken: parsed.refresh_token,
      expiresAt: started + (parsed.expires_in ?? 3600) * 1000,
      credentialID: parsed.credentialID,
    };
  }

  /** The authorization code's exchange for an access token (`oauth2/token`, CSC v2 §8.4.4). */
  async exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
  }): Promise<CscTokens> {
    return this.#token(
      {
        grant_type: "authorization_code",
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      },
      [input.code, input.codeVerifier],
    );
  }

  /** A new service access token from a refresh token. */
  async refresh(refreshToken: string): Promise<CscTokens> {
    return this.#token({ grant_type: "refresh_token", refresh_token: refreshToken }, [
      refreshToken,
    ]);
  }
}
