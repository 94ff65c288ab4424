import {
  createTunnelClient,
  isTunnelError,
  type FetchLike,
  type TunnelClient,
  type TunnelResponse,
  type UploadProgress,
  type VerifyEvidence,
  type AttestationOutcome,
} from "@paraphe/tunnel-client";
import { isValidTraceparent } from "@paraphe/tunnel-client/protocol";
import type { z } from "zod";
import type { ApiKeyCredentials } from "../contract/api-key";
import { type Endpoint } from "../contract/endpoint";
import { ErrorCode } from "../contract/error-codes";
import { ApiError } from "../errors/api-error";
import { networkError } from "../errors/network-error";
import { toApiError } from "../errors/read-api-error";
import { credentialKindForPath } from "../signing/credential-kind";
import { signRequest, type SigningCredential } from "../signing/sign-request";
import { fieldErrorsFromZod } from "../contract/errors";

/** Where a credential comes from: a fixed one (an API key in a script) or the app's current one. */
export type CredentialSource = SigningCredential | (() => SigningCredential | null | undefined);

export interface ApiClientOptions {
  /** The api base, e.g. `https://api.paraphe.example`. */
  baseUrl: string;
  /**
   * The credential of member calls (spec §6): the session credential of the signed-in member, or a
   * team API key's access and secret keys in a script. A function is read at every call.
   */
  credential?: CredentialSource;
  /**
   * A team API key (`{ accessKey, secretKey }`, from `/settings/api-keys`): signs the member calls,
   * like `credential` (give one or the other). A key may call the template routes its permissions
   * allow; every other call answers 401 AUTHENTICATION_ERROR. Keep the secret key out of logs.
   */
  apiKey?: ApiKeyCredentials;
  /**
   * The app-level credential of public calls (login, the signing link's calls). It only names the
   * calling app; the call is authorised by what it carries. Defaults to `credential`.
   */
  appCredential?: CredentialSource;
  /** The tunnel to use; built from `baseUrl`, `fetch` and `verifyEvidence` when omitted. */
  tunnel?: TunnelClient;
  /** The attestation check of the server's evidence (required when `tunnel` is omitted). */
  verifyEvidence?: VerifyEvidence;
  onAttestation?: (outcome: AttestationOutcome) => void;
  fetch?: FetchLike;
  /** Sent as `Accept-Language` (the api answers and mails in it where it applies). */
  language?: () => string | undefined;
  /**
   * Called with every 401 AUTHENTICATION_ERROR the server sealed, and when no member is signed in
   * (the apps drop the stored user and go to /login). A plaintext AUTHENTICATION_ERROR, which
   * anyone on the path could forge, is thrown to the caller but never reported here.
   */
  onAuthenticationError?: (error: ApiError) => void;
  /** The clock of request signatures (ms); `Date.now` by default. */
  now?: () => number;
  /**
   * The W3C trace context of each call (a browser tracer's current span: `00-<trace id>-<span
   * id>-<flags>`), read at every call and sealed inside the request, so that the api's spans join
   * the caller's trace. An invalid value is left out; the call goes on.
   */
  traceparent?: () => string | undefined;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * The call does no harm if the server receives it twice: after a plaintext `401 TUNNEL_ERROR` (a
   * lost session, or a forgery: it is not authenticated) it is sent again once on a new session.
   * The contract's reads are (see `isReadCall`); other calls reject with that 401
   * (`isTunnelSessionLost`), and the next call opens a new session.
   */
  idempotent?: boolean;
  /**
   * Told as the call's sealed body goes out (`{ sent, total }` in bytes), for the progress bar of
   * an upload (see the tunnel client's `onUploadProgress`).
   */
  onUploadProgress?: (progress: UploadProgress) => void;
}

type EndpointMethod<E> =
  E extends Endpoint<infer Req, infer Res>
    ? (input: z.input<Req>, options?: CallOptions) => Promise<z.output<Res>>
    : never;

/** A table of endpoints by group and name: the contract's (`endpoints`) or a part of it. */
export type EndpointTable = { readonly [Group: string]: { readonly [Name: string]: Endpoint } };

/** A typed method per endpoint of a table: `api.user.profile({})`. */
export type ContractCalls<Table extends EndpointTable> = {
  readonly [Group in keyof Table]: {
    readonly [Name in keyof Table[Group]]: EndpointMethod<Table[Group][Name]>;
  };
};

/** What a client has besides its table's methods. */
export interface ContractClientBase {
  /** Calls any endpoint of the contract. */
  call<Req extends z.ZodType, Res extends z.ZodType>(
    endpoint: Endpoint<Req, Res>,
    input: z.input<Req>,
    options?: CallOptions,
  ): Promise<z.output<Res>>;
  /** The secure tunnel under the client (its attestation, `destroy()` at logout). */
  readonly tunnel: TunnelClient;
}

/**
 * Calls the contract names as reads (`get…`, `list…`, `…Status`, `profile`, `dashboard`, `activity`,
 * `download…`, `pagePreview`, `lookup`, `plans`, `export`): the server may receive them twice
 * without harm, so they are sent again after a plaintext TUNNEL_ERROR 401 (see
 * `CallOptions.idempotent`). The rule reads the endpoint table's names: a new read named so is
 * covered.
 */
const READ_CALL =
  /^(get|list|download)([A-Z]|$)|Status$|^(profile|dashboard|activity|pagePreview|lookup|plans|export)$/;

/** Whether the contract's call `group.name` is a read (see {@link READ_CALL}). */
export function isReadCall(name: string): boolean {
  return READ_CALL.test(name);
}

function resolve(source: CredentialSource | undefined): SigningCredential | null {
  if (source === undefined) return null;
  const value = typeof source === "function" ? source() : source;
  return value ?? null;
}

function localError(code: ErrorCode, statusCode: number, message: string, path: string): ApiError {
  return new ApiError({ statusCode, code, message, path });
}

function parseJson(response: TunnelResponse): unknown {
  if (response.body.length === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(response.body)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A typed client of the Paraphe api with a method per endpoint of `table` (see `createApiClient`,
 * the whole contract's, and `createSignerApiClient`, a signing link's calls only).
 */
export function createContractClient<Table extends EndpointTable>(
  table: Table,
  options: ApiClientOptions,
): ContractCalls<Table> & ContractClientBase {
  const tunnel =
    options.tunnel ??
    (() => {
      if (!options.verifyEvidence) {
        throw new TypeError("createApiClient needs `tunnel` or `verifyEvidence`");
      }
      return createTunnelClient({
        baseUrl: options.baseUrl,
        verifyEvidence: options.verifyEvidence,
        ...(options.onAttestation ? { onAttestation: options.onAttestation } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    })();
  const now = options.now ?? Date.now;
  if (options.apiKey !== undefined && options.credential !== undefined) {
    throw new TypeError("createApiClient takes `credential` or `apiKey`, not both");
  }
  const memberCredential: CredentialSource | undefined = options.apiKey ?? options.credential;

  // The paths of the contract's reads: sent again after a plaintext TUNNEL_ERROR 401.
  const readPaths = new Set(
    Object.values(table).flatMap((members) =>
      Object.entries(members)
        .filter(([name]) => isReadCall(name))
        .map(([, endpoint]) => endpoint.path),
    ),
  );

  async function call<Req extends z.ZodType, Res extends z.ZodType>(
    endpoint: Endpoint<Req, Res>,
    input: z.input<Req>,
    callOptions: CallOptions = {},
  ): Promise<z.output<Res>> {
    const { path } = endpoint;
    const checked = endpoint.request.safeParse(input);
    if (!checked.success) {
      throw new ApiError({
        statusCode: 400,
        code: ErrorCode.VALIDATION_ERROR,
        message: "Some fields are not valid.",
        path,
        details: fieldErrorsFromZod(checked.error),
      });
    }
    const kind = credentialKindForPath(path);
    const credential =
      kind === "session"
        ? resolve(memberCredential)
        : (resolve(options.appCredential) ?? resolve(memberCredential));
    if (credential === null) {
      const error = localError(
        ErrorCode.AUTHENTICATION_ERROR,
        401,
        kind === "session" ? "Nobody is signed in." : "No app credential is configured.",
        path,
      );
      if (kind === "session") options.onAuthenticationError?.(error);
      throw error;
    }

    const headers = new Headers({ Accept: "application/json" });
    const language = options.language?.();
    const traceparent = options.traceparent?.();
    if (language) headers.set("Accept-Language", language);
    const body = new TextEncoder().encode(JSON.stringify(input ?? {}));

    let response: TunnelResponse;
    try {
      response = await tunnel.request("POST", path, {
        body,
        headers,
        ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        ...(callOptions.onUploadProgress ? { onUploadProgress: callOptions.onUploadProgress } : {}),
        ...(callOptions.idempotent === true || readPaths.has(path) ? { idempotent: true } : {}),
        ...(traceparent !== undefined && isValidTraceparent(traceparent) ? { traceparent } : {}),
        beforeSend: async (wire) => {
          const signed = await signRequest({
            method: wire.method,
            url: wire.url,
            headers: wire.headers,
            body: wire.body,
            credential,
            now: now(),
          });
          for (const [name, value] of Object.entries(signed)) wire.headers.set(name, value);
        },
      });
    } catch (error) {
      if (isTunnelError(error, "SERVER_STATUS") && error.status !== undefined) {
        // A non-OK answer without the error shape (spec §8: GENERIC_ERROR).
        throw toApiError(error.status, undefined, { path });
      }
      if (isTunnelError(error)) throw error;
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw networkError(error);
    }

    const json = parseJson(response);
    if (!response.ok) {
      const error = toApiError(response.status, json, {
        path,
        requestId: response.headers.get("X-Request-Id") ?? undefined,
      });
      // Only a sealed answer says the credential was refused: a plaintext one may be forged.
      if (
        response.encrypted &&
        error.statusCode === 401 &&
        error.code === ErrorCode.AUTHENTICATION_ERROR
      ) {
        options.onAuthenticationError?.(error);
      }
      throw error;
    }
    const parsed = endpoint.response.safeParse(json);
    if (!parsed.success) {
      throw new ApiError({
        statusCode: response.status,
        code: ErrorCode.GENERIC_ERROR,
        message: "An error occurred.",
        path,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  const groups = Object.fromEntries(
    Object.entries(table).map(([group, members]) => [
      group,
      Object.fromEntries(
        Object.entries(members).map(([name, endpoint]) => [
          name,
          (input: unknown, callOptions?: CallOptions) => call(endpoint, input, callOptions),
        ]),
      ),
    ]),
  ) as unknown as ContractCalls<Table>;

  return { ...groups, call, tunnel };
}
