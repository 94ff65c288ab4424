import { handshakeBackoffMs } from "./backoff";
import {
  FirstRequestFailure,
  runHandshake,
  type FirstAnswer,
  type FirstRequestWriter,
  type HandshakeResult,
} from "./handshake";
import {
  xhrConstructor,
  xhrSendWithProgress,
  type SendWithProgress,
  type UploadProgress,
} from "./upload-progress";
import { TunnelError } from "./errors";
import { createTimedLock } from "./lock";
import { canonicalMethod, canonicalPath } from "./protocol/aad";
import type { Bytes } from "./protocol/bytes";
import {
  ENCRYPTED_RESPONSE_HEADER,
  FIRST_REQUEST_HEADERS,
  LOCK_TIMEOUT_MS,
  MAX_CONSECUTIVE_FAILURES,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
} from "./protocol/constants";
import type { FirstRequest } from "./protocol/handshake";
import { decodeSealedMessage } from "./protocol/message";
import { isTransientStatus, parseErrorBody } from "./server-errors";
import { encodeSealedRequest } from "./protocol/request-meta";
import type { AttestationOutcome, VerifyEvidence } from "./evidence";
import { hasWebCrypto, type TunnelSession } from "./session";

export type FetchLike = typeof globalThis.fetch;
export type HeadersInitLike = ConstructorParameters<typeof Headers>[0];

export interface TunnelClientOptions {
  /** The api base, e.g. `https://api.paraphe.example` (a path prefix is allowed). */
  baseUrl: string;
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: FetchLike;
  /** The app's attestation check of the server's evidence. */
  verifyEvidence: VerifyEvidence;
  /** Every verification outcome, also failed ones (the security dialog shows them). */
  onAttestation?: (outcome: AttestationOutcome) => void;
  /** Jitter source in [0, 1); Math.random by default. */
  random?: () => number;
  /** Backoff sleep; a setTimeout promise by default. */
  sleep?: (ms: number) => Promise<void>;
  /** Clock for attestation dates; Date.now by default. */
  now?: () => number;
  /** fetch credentials mode of every tunnel call (spec §7: included); "include" by default. */
  credentials?: "include" | "same-origin" | "omit";
  /**
   * How a call that asks for its upload progress (`onUploadProgress`) is sent: by default by
   * XMLHttpRequest ({@link xhrSendWithProgress}) where it exists (browsers: fetch cannot report a
   * request body's progress); `null`, or no XMLHttpRequest, sends such a call through `fetch`,
   * which reports the whole body sent once answered.
   */
  sendWithProgress?: SendWithProgress | null;
}

/** The request as it goes on the wire, handed to `beforeSend` (e.g. to sign it, RFC 9421). */
export interface WireRequest {
  method: string;
  /** Canonical path and query, relative to the api base. */
  path: string;
  url: string;
  /** Mutable: add headers here (Signature, Signature-Input, Content-Digest, ...). */
  headers: Headers;
  /** The sealed body that travels. */
  body: Bytes;
}

export interface TunnelRequestOptions {
  headers?: HeadersInitLike;
  /** Plaintext body (non-empty; send `{}` for an empty JSON call). */
  body: Uint8Array;
  /** Runs before each send, retries included, with the sealed body of that attempt. */
  beforeSend?: (request: WireRequest) => void | Promise<void>;
  signal?: AbortSignal;
  /**
   * Told as the sealed body goes out (bytes sent of the body's length), for a progress bar of a
   * large upload; the last report has every byte sent. Each attempt starts again from 0.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * The call does no harm if the server receives it twice (a read). A plaintext `401 TUNNEL_ERROR`
   * is not authenticated: anyone on the path could answer it to a call the server did run. So
   * only an idempotent call is sent again, once, on a new session; any other call gets the 401 (its
   * session is dropped, and the next call opens a new one). False by default.
   *
   * An idempotent call made while no session is open travels with the handshake's second message
   * (README, "First request"), a round trip less, when the server's hello says it takes it and the
   * call fits (no `onUploadProgress`, only the headers of `FIRST_REQUEST_HEADERS`, at most the
   * server's `maxFirstRequestLength`): a handshake step that fails transiently is started again
   * and the call with it, so only a call that may run twice rides.
   */
  idempotent?: boolean;
  /**
   * The W3C trace context of the call (`00-<trace id>-<parent id>-<flags>`), sent inside the seal
   * (see the README, "Request metadata") so that the api's spans join the caller's trace; nobody on
   * the path reads or changes it. An invalid value is refused (WRITE_ERROR) before anything is sent.
   */
  traceparent?: string;
}

/** A response with its body opened. */
export interface TunnelResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: Headers;
  /** True when the body was sealed (and is now opened); false for a plaintext error answer. */
  readonly encrypted: boolean;
  /** The plaintext body. */
  readonly body: Bytes;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

export interface TunnelClient {
  /** Opens a session unless one is open (one handshake at a time; others wait up to 5 s). */
  ensureOpen(): Promise<void>;
  isOpen(): boolean;
  /**
   * Seals the body, sends it, opens the answer. A plaintext TUNNEL_ERROR 401 drops the session; an
   * `idempotent` call is then sent again once on a new session, any other call gets the 401.
   */
  request(method: string, path: string, options: TunnelRequestOptions): Promise<TunnelResponse>;
  /** Drops the session (logout, or the spec's "tunnel destroyed"); the next call handshakes anew. */
  destroy(): void;
  /** Drops the session and clears the consecutive-failure count. */
  reset(): void;
  /** JSON of the last attestation results, or null. */
  getAttestationResults(): string | null;
  /** The last attestation status, or null. */
  getAttestationStatus(): unknown;
  /** The last attestation outcome (ok, status, results, checkedAt), or null. */
  getLastAttestation(): AttestationOutcome | null;
}

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** An answer as it arrived: by its own HTTP response, or inside the handshake's answer. */
interface ArrivedAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  encrypted: boolean;
  data: Bytes;
}

function makeResponse(response: ArrivedAnswer, body: Bytes, encrypted: boolean): TunnelResponse {
  return {
    status: response.status,
    statusText: response.statusText,
    ok: response.status >= 200 && response.status < 300,
    headers: new Headers(response.headers),
    encrypted,
    body,
    arrayBuffer: async () => body.slice().buffer,
    text: async () => new TextDecoder().decode(body),
    json: async () => JSON.parse(new TextDecoder().decode(body)) as unknown,
  };
}

/** The call as a ClientFinishedWithRequest carries it, or null when a header cannot ride. */
function firstRequestOf(
  method: string,
  path: string,
  headers: Headers,
  sealed: Bytes,
): FirstRequest | null {
  const carried: Array<readonly [string, string]> = [];
  let ridable = true;
  // Headers give lower-case names, sorted (forEach: the iterator needs the DOM.Iterable types,
  // which not every program that compiles this source has).
  headers.forEach((value, name) => {
    if (name === "content-type" || name === SESSION_ID_HEADER.toLowerCase()) return;
    if (!FIRST_REQUEST_HEADERS.includes(name)) ridable = false;
    else carried.push([name, value]);
  });
  return ridable ? { method, path, headers: carried, sealed } : null;
}

/** The length of a first request's part of the ClientFinishedWithRequest (see the README). */
function firstRequestLength(request: FirstRequest): number {
  const encoder = new TextEncoder();
  let length = 2 + encoder.encode(request.method).length + 2 + encoder.encode(request.path).length;
  length += 1 + request.sealed.length;
  for (const [name, value] of request.headers) length += 4 + name.length + value.length;
  return length;
}

function answerOfFirst(first: FirstAnswer): ArrivedAnswer {
  return {
    status: first.status,
    statusText: "",
    headers: first.headers,
    encrypted: first.encrypted,
    data: first.body,
  };
}

/**
 * The tunnel client: one session at a time, opened on demand by the handshake of the README,
 * reused while open, rebuilt when the server drops it.
 */
export function createTunnelClient(options: TunnelClientOptions): TunnelClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const credentials = options.credentials ?? "include";
  const sendWithProgress: SendWithProgress | null =
    options.sendWithProgress !== undefined
      ? options.sendWithProgress
      : xhrConstructor() !== undefined
        ? xhrSendWithProgress
        : null;
  const lock = createTimedLock();

  let current: TunnelSession | null = null;
  let consecutiveFailures = 0;
  let generation = 0;
  let lastAttestation: AttestationOutcome | null = null;

  const recordAttestation = (outcome: AttestationOutcome): void => {
    lastAttestation = outcome;
    options.onAttestation?.(outcome);
  };

  const failFast = (): TunnelError =>
    new TunnelError(
      "MAX_CONSECUTIVE_FAILURES",
      `maximum consecutive failures reached (${MAX_CONSECUTIVE_FAILURES} failed handshakes); reset() to try again`,
    );

  async function openSession(writeFirst?: FirstRequestWriter): Promise<HandshakeResult> {
    if (current?.isOpen()) return { session: current, first: null };
    const startedIn = generation;
    if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) throw failFast();
    if (!hasWebCrypto()) {
      throw new TunnelError(
        "CLIENT_NOT_INITIALIZED",
        "WebCrypto is unavailable (browsers only offer it in secure contexts: https or localhost)",
      );
    }
    const release = await lock.acquire(LOCK_TIMEOUT_MS);
    try {
      if (current?.isOpen()) return { session: current, first: null };
      if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) throw failFast();
      if (consecutiveFailures > 0) await sleep(handshakeBackoffMs(consecutiveFailures - 1, random));
      let result: HandshakeResult;
      try {
        result = await runHandshake(
          {
            baseUrl,
            fetch: fetchImpl,
            credentials,
            verifyEvidence: options.verifyEvidence,
            onAttestation: recordAttestation,
            now,
            sleep,
            random,
          },
          writeFirst,
        );
      } catch (error) {
        // The call's own failure (its beforeSend) is not the handshake's.
        if (error instanceof FirstRequestFailure) throw error.error;
        consecutiveFailures += 1;
        throw error;
      }
      consecutiveFailures = 0;
      // A destroy() during the handshake (logout) keeps this session out of the client.
      if (startedIn === generation) current = result.session;
      return result;
    } finally {
      release();
    }
  }

  function discard(session: TunnelSession): void {
    if (current === session) current = null;
  }

  return {
    async ensureOpen() {
      await openSession();
    },

    isOpen: () => current?.isOpen() ?? false,

    async request(method, path, requestOptions) {
      const given: unknown = requestOptions.body;
      if (!ArrayBuffer.isView(given) || given.byteLength === 0) {
        throw new TunnelError("EMPTY_REQUEST_BODY", "a tunnelled request needs a non-empty body");
      }
      // A copy: the caller may reuse its buffer, and it may come from another realm.
      const copied = new Uint8Array(
        given.buffer.slice(given.byteOffset, given.byteOffset + given.byteLength),
      );
      let wireMethod: string;
      let wirePath: string;
      let body: Uint8Array;
      try {
        wireMethod = canonicalMethod(method);
        wirePath = canonicalPath(path);
        body = encodeSealedRequest(
          copied,
          requestOptions.traceparent === undefined
            ? {}
            : { traceparent: requestOptions.traceparent },
        );
      } catch (error) {
        throw new TunnelError("WRITE_ERROR", (error as Error).message, { cause: error });
      }
      if (wireMethod === "GET" || wireMethod === "HEAD") {
        throw new TunnelError("WRITE_ERROR", `${wireMethod} requests cannot carry a sealed body`);
      }
      const url = baseUrl + wirePath;

      const signal = requestOptions.signal;
      // The headers of an attempt, sealed body in hand: the caller's, the tunnel's, then beforeSend's.
      const prepare = async (session: TunnelSession, sealed: Bytes): Promise<Headers> => {
        const headers = new Headers(requestOptions.headers);
        headers.set("Content-Type", TUNNEL_CONTENT_TYPE);
        headers.set(SESSION_ID_HEADER, session.sessionId ?? "");
        await requestOptions.beforeSend?.({
          method: wireMethod,
          path: wirePath,
          url,
          headers,
          body: sealed,
        });
        return headers;
      };
      // Seals and signs the call for the handshake's second message, if it fits there.
      const writeFirst: FirstRequestWriter | undefined =
        requestOptions.idempotent === true && requestOptions.onUploadProgress === undefined
          ? async (session) => {
              const limit = session.firstRequestLimit();
              if (limit === null || body.length > limit) return null;
              const sealed = await session.writeFirst(body, { method: wireMethod, path: wirePath });
              const request = firstRequestOf(
                wireMethod,
                wirePath,
                await prepare(session, sealed),
                sealed,
              );
              return request !== null && firstRequestLength(request) <= limit ? request : null;
            }
          : undefined;

      let retried = false;
      for (;;) {
        signal?.throwIfAborted();
        const { session, first } = await openSession(writeFirst);
        let answer: ArrivedAnswer;
        let requestSeq: number;
        if (first !== null) {
          // The call travelled with the handshake (sequence number 0); its answer came with the
          // server's confirmation, which the session checked before handing it over.
          signal?.throwIfAborted();
          answer = answerOfFirst(first);
          requestSeq = 0;
        } else {
          const sealed = await session.write(body, { method: wireMethod, path: wirePath });
          requestSeq = decodeSealedMessage(sealed).seq;
          const headers = await prepare(session, sealed);
          const init = {
            method: wireMethod,
            headers,
            body: sealed,
            credentials,
            signal,
          };
          const onUploadProgress = requestOptions.onUploadProgress;
          let response: Response;
          if (onUploadProgress === undefined) response = await fetchImpl(url, init);
          else if (sendWithProgress !== null) {
            onUploadProgress({ sent: 0, total: sealed.byteLength });
            response = await sendWithProgress(url, init, onUploadProgress);
          } else {
            onUploadProgress({ sent: 0, total: sealed.byteLength });
            response = await fetchImpl(url, init);
            onUploadProgress({ sent: sealed.byteLength, total: sealed.byteLength });
          }
          answer = {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
            encrypted: response.headers.has(ENCRYPTED_RESPONSE_HEADER),
            data: new Uint8Array(await response.arrayBuffer()),
          };
        }

        if (answer.encrypted) {
          const data = answer.data;
          if (data.length === 0) {
            throw new TunnelError("EMPTY_RESPONSE_DATA", "the encrypted response has no body", {
              transient: true,
            });
          }
          const plaintext = await session.read(data, {
            method: wireMethod,
            path: wirePath,
            requestSeq,
            status: answer.status,
          });
          return makeResponse(answer, plaintext, true);
        }

        const response = answer;
        const data = answer.data;
        if (response.status >= 200 && response.status < 300) {
          throw new TunnelError(
            "UNENCRYPTED_RESPONSE",
            `HTTP ${response.status} answer without the ${ENCRYPTED_RESPONSE_HEADER} header: refused`,
          );
        }
        const errorBody = parseErrorBody(data);
        if (!errorBody) {
          throw new TunnelError("SERVER_STATUS", `the server answered HTTP ${response.status}`, {
            status: response.status,
            transient: isTransientStatus(response.status),
          });
        }
        if (response.status === 401 && errorBody.error.code === "TUNNEL_ERROR") {
          // Spec §4/§7: the session is unknown or expired on the server: drop it. The answer is
          // plaintext, which anyone on the path could forge after the server ran the call: only an
          // idempotent call is sent again (once).
          discard(session);
          if (!retried && requestOptions.idempotent === true) {
            retried = true;
            continue;
          }
        }
        return makeResponse(response, data, false);
      }
    },

    destroy() {
      generation += 1;
      current?.close();
      current = null;
    },

    reset() {
      generation += 1;
      current?.close();
      current = null;
      consecutiveFailures = 0;
    },

    getAttestationResults() {
      if (!lastAttestation || lastAttestation.results === undefined) return null;
      try {
        return JSON.stringify(lastAttestation.results) ?? null;
      } catch {
        return null;
      }
    },

    getAttestationStatus() {
      return lastAttestation ? lastAttestation.status : null;
    },

    getLastAttestation() {
      return lastAttestation;
    },
  };
}
