import type { SenderContext } from "@hpke/core";
import { buildAssociatedData, buildClientFinishedAad, isValidSessionId } from "./protocol/aad";
import { timingSafeEqual, type Bytes } from "./protocol/bytes";
import { CLIENT_NONCE_LENGTH, MAX_SEQUENCE_NUMBER } from "./protocol/constants";
import { isTunnelProtocolError } from "./protocol/errors";
import {
  buildHpkeInfo,
  computeTranscriptHash,
  createHpkeSuite,
  decodeServerFinished,
  decodeServerFinishedWithResponse,
  encodeClientFinished,
  encodeClientFinishedWithRequest,
  encodeClientHello,
  openServerFinished,
  type FirstRequest,
  type FirstResponse,
} from "./protocol/handshake";
import { deriveSessionKeys, type SessionKeys } from "./protocol/keys";
import { decodeSealedMessage, openMessage, sealMessage } from "./protocol/message";
import { createReplayWindow, type ReplayWindow } from "./protocol/replay-window";
import { TunnelError } from "./errors";
import {
  checkServerEvidence,
  type AttestationOutcome,
  type CheckedEvidence,
  type VerifyEvidence,
} from "./evidence";

export interface TunnelSessionOptions {
  verifyEvidence: VerifyEvidence;
  /** Called with every verification outcome, also a failed one, so the UI can show it honestly. */
  onAttestation?: (outcome: AttestationOutcome) => void;
  now?: () => number;
}

export type TunnelSessionState =
  | "initial"
  | "awaiting-server-hello"
  | "client-finished-ready"
  | "awaiting-server-finished"
  | "open"
  | "failed"
  | "closed";

/** Where a sealed request goes: bound into its associated data. */
export interface WriteMeta {
  method: string;
  /** Request target relative to the api base, with its query. */
  path: string;
}

/** What a sealed response answers: bound into its associated data. */
export interface ReadMeta extends WriteMeta {
  /** Sequence number of the request being answered (see `decodeSealedMessage`). */
  requestSeq: number;
  /** HTTP status the response arrived with. */
  status: number;
}

/**
 * The client session of spec §7: the handshake as a message pump (`getOutgoingMessage` /
 * `putIncomingMessage`), then `write` (seal a request) and `read` (open a response).
 */
export interface TunnelSession {
  /** The server's session id, known once the first answer is in. */
  readonly sessionId: string | null;
  readonly state: TunnelSessionState;
  /** True once the server's key confirmation checked out, until `close()`. */
  isOpen(): boolean;
  /**
   * The next handshake message to POST, or null when waiting for an answer or done. Given
   * `firstRequest` (sealed by {@link writeFirst}) when the ClientFinished is next, that message is a
   * ClientFinishedWithRequest carrying it, and the answer expected a ServerFinishedWithResponse.
   */
  getOutgoingMessage(firstRequest?: FirstRequest): Promise<Bytes | null>;
  /** Feeds the server's answer to the last message, with the X-Session-Id it came with. */
  putIncomingMessage(message: Uint8Array, meta?: { sessionId?: string | null }): Promise<void>;
  /**
   * The largest request part the server takes with the ClientFinished (its hello's
   * `maxFirstRequestLength`), once the evidence was checked and the keys exist (state
   * `client-finished-ready`), and until the ClientFinished is sent; null otherwise.
   */
  firstRequestLimit(): number | null;
  /**
   * Seals the session's first request (sequence number 0) to travel with the ClientFinished: only
   * in state `client-finished-ready` (the evidence was checked: no secret is sealed before) and
   * before any other write. Its answer is opened with {@link read} once the session is open.
   */
  writeFirst(plaintext: Uint8Array, meta: WriteMeta): Promise<Bytes>;
  /**
   * The answer of the first request, once the server's confirmation matched the transcript (the
   * session is open), taken once; null otherwise. An `encrypted` body is opened with {@link read}
   * (requestSeq 0).
   */
  takeFirstResponse(): FirstResponse | null;
  /** Seals a request body: the sealed message to send as the request body. */
  write(plaintext: Uint8Array, meta: WriteMeta): Promise<Bytes>;
  /** Opens a sealed response body. */
  read(sealed: Uint8Array, meta: ReadMeta): Promise<Bytes>;
  /** JSON of the verifier's `results`, or null. */
  getAttestationResultsJson(): string | null;
  /** The verifier's `status`, or null before any verification. */
  getAttestationStatus(): unknown;
  /** Forgets the keys; every later `write` and `read` fails with SESSION_NOT_OPEN. */
  close(): void;
}

/** True when this runtime offers WebCrypto (browsers only do in secure contexts). */
export function hasWebCrypto(): boolean {
  const webCrypto = (globalThis as { crypto?: { subtle?: unknown; getRandomValues?: unknown } })
    .crypto;
  return typeof webCrypto?.subtle === "object" && typeof webCrypto.getRandomValues === "function";
}

function protocolFailure(what: string, error: unknown): TunnelError {
  const detail = error instanceof Error ? `: ${error.message}` : "";
  return new TunnelError("FAILED_TO_ESTABLISH_SESSION", `${what}${detail}`, { cause: error });
}

export function createTunnelSession(options: TunnelSessionOptions): TunnelSession {
  const now = options.now ?? Date.now;
  let state: TunnelSessionState = "initial";
  let sessionId: string | null = null;
  let clientNonce: Bytes | null = null;
  let clientHello: Bytes | null = null;
  let clientFinished: { enc: Bytes; confirmation: Bytes } | null = null;
  let sentFirstRequest = false;
  let maxFirstRequestLength: number | null = null;
  let firstResponse: FirstResponse | null = null;
  let transcriptHash: Bytes | null = null;
  let pendingKeys: SessionKeys | null = null;
  let keys: SessionKeys | null = null;
  let nextSeq = 0;
  let incoming: ReplayWindow = createReplayWindow();
  let attestation: AttestationOutcome | null = null;

  const forget = (): void => {
    clientFinished = null;
    firstResponse = null;
    pendingKeys = null;
    keys = null;
    incoming = createReplayWindow();
  };

  function fail(error: TunnelError): never {
    state = "failed";
    forget();
    throw error;
  }

  async function acceptServerHello(
    message: Uint8Array,
    id: string | null | undefined,
  ): Promise<void> {
    if (id == null || id === "") {
      fail(
        new TunnelError(
          "NO_SESSION_ID",
          "the handshake answer carried no X-Session-Id header (is it listed in Access-Control-Expose-Headers?)",
        ),
      );
    }
    if (!isValidSessionId(id)) {
      fail(
        new TunnelError("NO_SESSION_ID", "the handshake answer carried an invalid X-Session-Id"),
      );
    }
    sessionId = id;
    if (message.length === 0) {
      fail(
        new TunnelError("EMPTY_RESPONSE", "the server answered the client hello with no body", {
          transient: true,
        }),
      );
    }
    const hello = clientHello as Bytes;
    const nonce = clientNonce as Bytes;
    const serverHello = new Uint8Array(message);
    let checked: CheckedEvidence;
    try {
      checked = await checkServerEvidence(serverHello, nonce, options.verifyEvidence);
    } catch (error) {
      return fail(error as TunnelError);
    }
    const { publicKeyBytes, verification } = checked;
    maxFirstRequestLength = checked.maxFirstRequestLength;
    if (state !== "awaiting-server-hello") {
      return fail(
        new TunnelError("SESSION_NOT_OPEN", "the session was closed during the handshake"),
      );
    }
    attestation = {
      ok: verification.ok === true,
      status: verification.status,
      results: verification.results,
      checkedAt: now(),
    };
    options.onAttestation?.(attestation);
    if (!attestation.ok) {
      fail(
        new TunnelError("EVIDENCE_REJECTED", "the server's attestation evidence was not verified"),
      );
    }

    try {
      const suite = createHpkeSuite();
      const recipientPublicKey = await suite.kem.deserializePublicKey(publicKeyBytes);
      const info = await buildHpkeInfo(hello, serverHello);
      const sender: SenderContext = await suite.createSenderContext({ recipientPublicKey, info });
      const enc = new Uint8Array(sender.enc);
      const transcript = await computeTranscriptHash(hello, serverHello, enc);
      const confirmation = new Uint8Array(
        await sender.seal(transcript, buildClientFinishedAad(sessionId as string)),
      );
      const derived = await deriveSessionKeys(sender);
      if (state !== "awaiting-server-hello") {
        return fail(
          new TunnelError("SESSION_NOT_OPEN", "the session was closed during the handshake"),
        );
      }
      transcriptHash = transcript;
      pendingKeys = derived;
      encodeClientFinished({ enc, confirmation }); // checks the lengths
      clientFinished = { enc, confirmation };
      state = "client-finished-ready";
    } catch (error) {
      if (error instanceof TunnelError) throw error;
      fail(protocolFailure("HPKE key set-up failed", error));
    }
  }

  async function acceptServerFinished(
    message: Uint8Array,
    id: string | null | undefined,
  ): Promise<void> {
    if (id != null && id !== "" && id !== sessionId) {
      fail(
        new TunnelError(
          "FAILED_TO_ESTABLISH_SESSION",
          "the session id changed during the handshake",
        ),
      );
    }
    if (message.length === 0) {
      fail(
        new TunnelError("EMPTY_RESPONSE", "the server answered the client finished with no body", {
          transient: true,
        }),
      );
    }
    let confirmation: Bytes;
    let answer: FirstResponse | null = null;
    try {
      if (sentFirstRequest) {
        const decoded = decodeServerFinishedWithResponse(message);
        confirmation = decoded.confirmation;
        answer = decoded.response;
      } else {
        confirmation = decodeServerFinished(message).confirmation;
      }
    } catch (error) {
      return fail(protocolFailure("malformed server finished", error));
    }
    const candidate = pendingKeys as SessionKeys;
    let confirmed: Bytes;
    try {
      confirmed = await openServerFinished(candidate, sessionId as string, confirmation);
    } catch (error) {
      return fail(
        new TunnelError(
          "KEY_CONFIRMATION_FAILED",
          "the server's key confirmation did not authenticate",
          {
            cause: error,
          },
        ),
      );
    }
    if (!timingSafeEqual(confirmed, transcriptHash as Bytes)) {
      fail(
        new TunnelError(
          "KEY_CONFIRMATION_FAILED",
          "the server confirmed another handshake transcript",
        ),
      );
    }
    if (state !== "awaiting-server-finished") {
      fail(new TunnelError("SESSION_NOT_OPEN", "the session was closed during the handshake"));
    }
    keys = candidate;
    pendingKeys = null;
    clientFinished = null;
    // The first request's answer is handed out only now: the confirmation matched the transcript.
    firstResponse = answer;
    state = "open";
  }

  return {
    get sessionId() {
      return sessionId;
    },
    get state() {
      return state;
    },
    isOpen: () => state === "open",

    async getOutgoingMessage(firstRequest) {
      if (state === "initial") {
        if (!hasWebCrypto()) {
          fail(
            new TunnelError(
              "CLIENT_NOT_INITIALIZED",
              "WebCrypto is unavailable (browsers only offer it in secure contexts: https or localhost)",
            ),
          );
        }
        clientNonce = globalThis.crypto.getRandomValues(new Uint8Array(CLIENT_NONCE_LENGTH));
        clientHello = encodeClientHello({ clientNonce });
        state = "awaiting-server-hello";
        return new Uint8Array(clientHello);
      }
      if (state === "client-finished-ready") {
        const finished = clientFinished as { enc: Bytes; confirmation: Bytes };
        const keysOnly = encodeClientFinished(finished);
        let frame: Bytes = keysOnly;
        if (firstRequest !== undefined) {
          if (nextSeq !== 1 || maxFirstRequestLength === null) {
            throw new TunnelError(
              "WRITE_ERROR",
              "the first request must be sealed by writeFirst, for a server that takes it",
            );
          }
          try {
            frame = encodeClientFinishedWithRequest({ ...finished, request: firstRequest });
          } catch (error) {
            throw new TunnelError(
              "WRITE_ERROR",
              `cannot send the first request: ${(error as Error).message}`,
              { cause: error },
            );
          }
          if (frame.length - keysOnly.length > maxFirstRequestLength) {
            throw new TunnelError(
              "WRITE_ERROR",
              "the first request is larger than the server takes",
            );
          }
          sentFirstRequest = true;
        }
        state = "awaiting-server-finished";
        return frame;
      }
      return null;
    },

    firstRequestLimit() {
      return state === "client-finished-ready" ? maxFirstRequestLength : null;
    },

    async writeFirst(plaintext, meta) {
      if (
        state !== "client-finished-ready" ||
        !pendingKeys ||
        sessionId === null ||
        nextSeq !== 0
      ) {
        throw new TunnelError(
          "SESSION_NOT_OPEN",
          "the first request is sealed after the evidence check and before the ClientFinished",
        );
      }
      if (plaintext.length === 0) {
        throw new TunnelError("EMPTY_REQUEST_BODY", "a tunnelled request needs a non-empty body");
      }
      let aad: Bytes;
      try {
        aad = buildAssociatedData({ direction: "request", ...meta, sessionId, seq: 0 });
      } catch (error) {
        throw new TunnelError(
          "WRITE_ERROR",
          `cannot seal the request: ${(error as Error).message}`,
          {
            cause: error,
          },
        );
      }
      nextSeq = 1;
      try {
        return await sealMessage(pendingKeys.c2sKey, pendingKeys.c2sIv, 0, aad, plaintext);
      } catch (error) {
        throw new TunnelError("WRITE_ERROR", "sealing the request failed", { cause: error });
      }
    },

    takeFirstResponse() {
      const answer = state === "open" ? firstResponse : null;
      firstResponse = null;
      return answer;
    },

    async putIncomingMessage(message, meta = {}) {
      switch (state) {
        case "initial":
          throw new TunnelError(
            "CLIENT_NOT_INITIALIZED",
            "the handshake has not started: send getOutgoingMessage() first",
          );
        case "awaiting-server-hello":
          return acceptServerHello(message, meta.sessionId);
        case "awaiting-server-finished":
          return acceptServerFinished(message, meta.sessionId);
        default:
          throw new TunnelError(
            "FAILED_TO_ESTABLISH_SESSION",
            `unexpected handshake message in state ${state}`,
          );
      }
    },

    async write(plaintext, meta) {
      if (state !== "open" || !keys || sessionId === null) {
        throw new TunnelError(
          "SESSION_NOT_OPEN",
          "cannot seal a request: the tunnel session is not open",
        );
      }
      if (plaintext.length === 0) {
        throw new TunnelError("EMPTY_REQUEST_BODY", "a tunnelled request needs a non-empty body");
      }
      const seq = nextSeq;
      if (seq > MAX_SEQUENCE_NUMBER) {
        state = "closed";
        forget();
        throw new TunnelError("WRITE_ERROR", "the session's sequence numbers are exhausted");
      }
      let aad: Bytes;
      try {
        aad = buildAssociatedData({
          direction: "request",
          method: meta.method,
          path: meta.path,
          sessionId,
          seq,
        });
      } catch (error) {
        throw new TunnelError(
          "WRITE_ERROR",
          `cannot seal the request: ${(error as Error).message}`,
          {
            cause: error,
          },
        );
      }
      nextSeq = seq + 1;
      const { c2sKey, c2sIv } = keys;
      try {
        return await sealMessage(c2sKey, c2sIv, seq, aad, plaintext);
      } catch (error) {
        throw new TunnelError("WRITE_ERROR", "sealing the request failed", { cause: error });
      }
    },

    async read(sealed, meta) {
      if (state !== "open" || !keys || sessionId === null) {
        throw new TunnelError(
          "SESSION_NOT_OPEN",
          "cannot open a response: the tunnel session is not open",
        );
      }
      if (sealed.length === 0) {
        throw new TunnelError("EMPTY_ENCRYPTED_MESSAGE", "the sealed message is empty", {
          transient: true,
        });
      }
      const window = incoming;
      const { s2cKey, s2cIv } = keys;
      try {
        const frame = decodeSealedMessage(sealed);
        if (!window.check(frame.seq)) {
          throw new TunnelError(
            "DECRYPT_FAILED",
            `replayed or stale response sequence number ${frame.seq}`,
          );
        }
        const aad = buildAssociatedData({
          direction: "response",
          method: meta.method,
          path: meta.path,
          sessionId,
          seq: frame.seq,
          requestSeq: meta.requestSeq,
          status: meta.status,
        });
        const plaintext = await openMessage(s2cKey, s2cIv, frame, aad);
        if (!window.accept(frame.seq)) {
          throw new TunnelError("DECRYPT_FAILED", `replayed response sequence number ${frame.seq}`);
        }
        if (plaintext.length === 0) {
          throw new TunnelError(
            "EMPTY_DECRYPTED_MESSAGE",
            "the response opened to an empty message",
            {
              transient: true,
            },
          );
        }
        return plaintext;
      } catch (error) {
        if (error instanceof TunnelError) throw error;
        const reason = isTunnelProtocolError(error) ? error.reason : "ERROR";
        throw new TunnelError("DECRYPT_FAILED", `cannot open the response (${reason})`, {
          cause: error,
        });
      }
    },

    getAttestationResultsJson() {
      if (!attestation || attestation.results === undefined) return null;
      try {
        return JSON.stringify(attestation.results) ?? null;
      } catch {
        return null;
      }
    },

    getAttestationStatus() {
      return attestation ? attestation.status : null;
    },

    close() {
      if (state !== "failed") state = "closed";
      forget();
    },
  };
}
