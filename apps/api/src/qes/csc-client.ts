import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { QesError, qesErrorCode, type QesCall } from "./qes-error";

/**
 * The `fetch` the client calls: the api's outbound fetch (`documents/provider-fetch.ts`: no
 * redirects, answers read up to a size), given by the caller so that this folder needs nothing of
 * the api's http layer.
 */
export type CscFetch = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
  },
) => Promise<Response>;

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

/** An authentication object of a credential (CSC v2 §8.3): what the signer must give. */
export interface CscAuthObject {
  type: string;
  id: string;
  format: string | undefined;
  label: string | undefined;
  description: string | undefined;
}

/** A credential as `credentials/info` describes it. */
export interface CscCredential {
  credentialID: string;
  description: string | undefined;
  signatureQualifier: string | undefined;
  keyEnabled: boolean;
  /** OIDs of the signature algorithms the key signs with (`key/algo`). */
  keyAlgorithms: string[];
  keyLength: number;
  certificateStatus: string | undefined;
  /** The end-entity certificate first, then its chain, DER. */
  certificates: Uint8Array[];
  subjectDN: string | undefined;
  /** `explicit`: activation data to `credentials/authorize`; `oauth2code`: a credential-scope token. */
  authMode: "explicit" | "oauth2code" | "implicit";
  authObjects: CscAuthObject[];
  /** "1": the SAD is not bound to the hashes; "2": it is. */
  scal: "1" | "2";
  /** Most signatures one authorization allows. */
  multisign: number;
}

/** What `credentials/authorize` gave: the SAD and when it expires. */
export interface CscActivation {
  sad: string;
  expiresAt: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** The most of a provider's description kept in an error message. */
const DESCRIPTION_MAX = 200;

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

const authObjectSchema = z.object({
  type: z.string(),
  id: z.string(),
  format: z.string().optional(),
  label: z.string().optional(),
  description: z.string().optional(),
});

const credentialInfoSchema = z.object({
  description: z.string().optional(),
  signatureQualifier: z.string().optional(),
  key: z.object({
    status: z.string(),
    algo: z.array(z.string()),
    len: z.number(),
    curve: z.string().optional(),
  }),
  cert: z
    .object({
      status: z.string().optional(),
      certificates: z.array(z.string()).max(10).optional(),
      subjectDN: z.string().optional(),
    })
    .optional(),
  auth: z
    .object({
      mode: z.string(),
      expression: z.string().optional(),
      // The specification's own example writes the array as an object: accept both.
      objects: z
        .union([z.array(authObjectSchema), z.record(z.string(), authObjectSchema)])
        .optional(),
    })
    .optional(),
  // CSC v1 and early v2 services give the mode at the top level.
  authMode: z.string().optional(),
  SCAL: z.string().optional(),
  multisign: z.number().int().min(1).optional(),
});

const listSchema = z.object({
  credentialIDs: z.array(z.string()).max(1000),
  credentialInfos: z
    .array(credentialInfoSchema.extend({ credentialID: z.string() }))
    .max(1000)
    .optional(),
});

const authorizeSchema = z.object({
  SAD: z.string().min(1).max(8192),
  expiresIn: z.number().positive().optional(),
});

const signHashSchema = z.object({ signatures: z.array(z.string()) });

const errorSchema = z.object({
  error: z.string().max(200).optional(),
  error_description: z.string().optional(),
});

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

/** Standard base64 of the DER or raw bytes the provider sends (some send base64url). */
function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, /[-_]/.test(text) ? "base64url" : "base64"));
}

function toCredential(
  credentialID: string,
  info: z.infer<typeof credentialInfoSchema>,
): CscCredential {
  const mode = info.auth?.mode ?? info.authMode ?? "explicit";
  const objects = info.auth?.objects;
  return {
    credentialID,
    description: info.description,
    signatureQualifier: info.signatureQualifier,
    keyEnabled: info.key.status === "enabled",
    keyAlgorithms: info.key.algo,
    keyLength: info.key.len,
    certificateStatus: info.cert?.status,
    certificates: (info.cert?.certificates ?? []).map(fromBase64),
    subjectDN: info.cert?.subjectDN,
    authMode: mode === "oauth2code" || mode === "implicit" ? mode : "explicit",
    authObjects: (objects === undefined
      ? []
      : Array.isArray(objects)
        ? objects
        : Object.values(objects)
    ).map((object) => ({
      type: object.type,
      id: object.id,
      format: object.format,
      label: object.label,
      description: object.description,
    })),
    scal: info.SCAL === "2" ? "2" : "1",
    multisign: info.multisign ?? 1,
  };
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
 * A client of a qualified trust service provider's Cloud Signature Consortium API v2 and of its
 * OAuth 2.0 authorization server: authorization URLs with state and PKCE (S256), the code's
 * exchange, `credentials/list`, `credentials/info`, `credentials/authorize` and
 * `signatures/signHash`. Requests time out, answers are read up to a size, redirects are not
 * followed, and every refusal becomes a `QesError` with a code.
 */
export class CscClient {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly #clientSecret: string;
  readonly #timeoutMs: number;
  readonly #fetch: CscFetch;
  #endpoints: Promise<{ authorize: string; token: string }> | undefined;

  constructor(options: CscClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.clientId = options.clientId;
    this.#clientSecret = options.clientSecret;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch;
  }

  /** The secret stays out of logs and of `JSON.stringify`. */
  toJSON(): Record<string, string> {
    return { baseUrl: this.baseUrl, clientId: this.clientId };
  }

  /** Removes the secret and `extra` from a text that goes into an error. */
  #scrub(text: string, extra: readonly string[] = []): string {
    let out = text.replace(/[\r\n]+/g, " ");
    for (const secret of [this.#clientSecret, ...extra])
      if (secret.length > 0) out = out.split(secret).join("***");
    return out.slice(0, DESCRIPTION_MAX);
  }

  /** One request; the answer's JSON, or a `QesError`. */
  async #request(
    call: QesCall,
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
    secrets: readonly string[] = [],
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await this.#fetch(url, {
        ...init,
        headers: { accept: "application/json", ...init.headers },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      // The outbound fetch reads the whole answer before resolving, and stops at its size limit.
      if (error instanceof Error && /too large/i.test(error.message))
        throw new QesError(
          "response_too_large",
          `The qualified signature provider's answer to ${call} is too large.`,
        );
      if (name === "TimeoutError" || name === "AbortError")
        throw new QesError(
          "provider_timeout",
          `The qualified signature provider did not answer ${call} within ${Math.round(this.#timeoutMs / 1000)} s.`,
        );
      throw new QesError(
        "provider_unreachable",
        `The qualified signature provider could not be reached for ${call} (${name || "error"}).`,
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const message = error instanceof Error ? error.message : "";
      if (/too large/i.test(message))
        throw new QesError(
          "response_too_large",
          `The qualified signature provider's answer to ${call} is too large.`,
          { status: response.status },
        );
      throw new QesError(
        "provider_unreachable",
        `The qualified signature provider's answer to ${call} was cut short.`,
        { status: response.status },
      );
    }
    let body: unknown;
    try {
      body = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.ok) {
      if (body === undefined)
        throw new QesError(
          "invalid_response",
          `The qualified signature provider answered ${call} with something other than JSON.`,
          { status: response.status },
        );
      return body;
    }
    const parsed = errorSchema.safeParse(body);
    const error = parsed.success ? parsed.data.error : undefined;
    const description = this.#scrub(
      parsed.success ? (parsed.data.error_description ?? "") : "",
      secrets,
    );
    const retryAfter = response.headers.get("retry-after");
    const seconds =
      retryAfter !== null && /^\d{1,6}$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
    throw new QesError(
      qesErrorCode(call, response.status, error, description),
      `The qualified signature provider refused ${call} (${response.status}${error === undefined ? "" : ` ${this.#scrub(error)}`}${description === "" ? "" : `: ${description}`}).`,
      {
        status: response.status,
        ...(error === undefined ? {} : { providerError: this.#scrub(error) }),
        retryAfterMs: seconds === null ? null : seconds * 1000,
      },
    );
  }

  #parse<T>(call: QesCall, schema: z.ZodType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new QesError(
        "invalid_response",
        `The qualified signature provider's answer to ${call} is not what the CSC API describes (${parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
          .join("; ")}).`,
      );
    return parsed.data;
  }

  async #api<T>(
    method: `credentials/${string}` | `signatures/${string}` | "info",
    accessToken: string | undefined,
    input: Record<string, unknown>,
    schema: z.ZodType<T>,
    secrets: readonly string[] = [],
  ): Promise<T> {
    const body = await this.#request(
      method,
      `${this.baseUrl}/${method}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` }),
        },
        body: JSON.stringify(input),
      },
      accessToken === undefined ? secrets : [accessToken, ...secrets],
    );
    return this.#parse(method, schema, body);
  }

  /** `info`: the service's name, methods and OAuth 2.0 server. */
  async info(lang?: string): Promise<CscInfo> {
    return this.#api("info", undefined, lang === undefined ? {} : { lang }, infoSchema);
  }

  /**
   * The OAuth 2.0 endpoints: under `info`'s `oauth2` base URI, or from the metadata of its
   * `oauth2Issuer` (RFC 8414). Looked up once.
   */
  async #oauthEndpoints(): Promise<{ authorize: string; token: string }> {
    this.#endpoints ??= (async () => {
      const info = await this.info();
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
        const metadata = this.#parse(
          "metadata",
          metadataSchema,
          await this.#request(
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
      client_id: this.clientId,
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
    const body = await this.#request(
      "token",
      token,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          ...form,
          client_id: this.clientId,
          client_secret: this.#clientSecret,
        }).toString(),
      },
      secrets,
    );
    const parsed = this.#parse("token", tokenSchema, body);
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

  /** `credentials/list`: the signer's credentials, described (certificate chain, authorization). */
  async listCredentials(accessToken: string): Promise<CscCredential[]> {
    const list = await this.#api(
      "credentials/list",
      accessToken,
      { credentialInfo: true, certificates: "chain", certInfo: true, authInfo: true },
      listSchema,
    );
    if (list.credentialInfos !== undefined)
      return list.credentialInfos.map((info) => toCredential(info.credentialID, info));
    // A service that does not describe them in the list: one credentials/info each.
    return Promise.all(list.credentialIDs.map((id) => this.credentialInfo(accessToken, id)));
  }

  /** `credentials/info`: a credential with its certificate chain and how it is authorized. */
  async credentialInfo(accessToken: string, credentialID: string): Promise<CscCredential> {
    const info = await this.#api(
      "credentials/info",
      accessToken,
      { credentialID, certificates: "chain", certInfo: true, authInfo: true },
      credentialInfoSchema,
    );
    return toCredential(credentialID, info);
  }

  /**
   * `credentials/authorize` (explicit mode): the signer's activation data (`[{ id: "PIN", value }]`)
   * for `numSignatures` signatures, bound to `hashes` when given; returns the SAD.
   */
  async authorizeCredential(
    accessToken: string,
    input: {
      credentialID: string;
      numSignatures: number;
      authData: readonly { id: string; value?: string }[];
      hashes?: readonly Uint8Array[];
      hashAlgorithmOID?: string;
      description?: string;
    },
  ): Promise<CscActivation> {
    const started = Date.now();
    const answer = await this.#api(
      "credentials/authorize",
      accessToken,
      {
        credentialID: input.credentialID,
        numSignatures: input.numSignatures,
        authData: input.authData,
        ...(input.hashes === undefined
          ? {}
          : {
              hashes: input.hashes.map((hash) => Buffer.from(hash).toString("base64")),
              hashAlgorithmOID: input.hashAlgorithmOID,
            }),
        ...(input.description === undefined
          ? {}
          : { description: input.description.slice(0, 500) }),
      },
      authorizeSchema,
      input.authData.flatMap((item) => (item.value === undefined ? [] : [item.value])),
    );
    return { sad: answer.SAD, expiresAt: started + (answer.expiresIn ?? 3600) * 1000 };
  }

  /**
   * `signatures/signHash`: the raw signatures of `hashes` (in their order) with the credential's
   * key and `signAlgo` (an OID of its `key/algo`). `sad`: from `authorizeCredential`, or a
   * credential-scope access token; none when `accessToken` itself is of scope credential.
   */
  async signHash(
    accessToken: string,
    input: {
      credentialID: string;
      sad?: string;
      hashes: readonly Uint8Array[];
      signAlgo: string;
      hashAlgorithmOID?: string;
    },
  ): Promise<Uint8Array[]> {
    const answer = await this.#api(
      "signatures/signHash",
      accessToken,
      {
        credentialID: input.credentialID,
        ...(input.sad === undefined ? {} : { SAD: input.sad }),
        hashes: input.hashes.map((hash) => Buffer.from(hash).toString("base64")),
        signAlgo: input.signAlgo,
        ...(input.hashAlgorithmOID === undefined
          ? {}
          : { hashAlgorithmOID: input.hashAlgorithmOID }),
        operationMode: "S",
      },
      signHashSchema,
      input.sad === undefined ? [] : [input.sad],
    );
    if (answer.signatures.length !== input.hashes.length)
      throw new QesError(
        "invalid_response",
        `The provider returned ${answer.signatures.length} signatures for ${input.hashes.length} hashes.`,
      );
    return answer.signatures.map(fromBase64);
  }
}
