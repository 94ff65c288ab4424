import { randomBytes } from "node:crypto";
import {
  buildClientFinishedAad,
  buildHpkeInfo,
  computeTranscriptHash,
  decodeClientFinished,
  decodeClientHello,
  deriveSessionSecrets,
  encodeServerFinished,
  encodeServerHello,
  importAeadKey,
  isValidSessionId,
  sealServerFinished,
  timingSafeEqual,
  toBase64Url,
  type Bytes,
  type SessionSecrets,
} from "@paraphe/tunnel-client/protocol";
import type { ServerIdentity } from "./server-identity";
import type { TunnelSessionStore } from "./session-store";
import { TunnelAppError } from "./tunnel-error";

/** How long a handshake may wait between its two steps. */
export const PENDING_HANDSHAKE_LIFETIME_MS = 30_000;
/** At most this many handshakes wait for their second step; beyond, step 1 answers 503. */
export const MAX_PENDING_HANDSHAKES = 10_000;

interface PendingHandshake {
  clientHello: Bytes;
  serverHello: Bytes;
  expiresAt: number;
}

export interface HandshakeResponderOptions {
  identity: ServerIdentity;
  store: TunnelSessionStore;
  maxPending?: number;
}

/**
 * The server side of the tunnel handshake (`POST /tunnel/session`), step by step as the server
 * duties of `@paraphe/tunnel-client`'s README say. Handshakes waiting for their second step stay in
 * this process: the client encapsulates to this process's HPKE key, which no other replica holds
 * (a second step that reaches another replica is answered 401 and the client starts over).
 * Completed sessions go to the session store, which replicas may share.
 */
export class HandshakeResponder {
  readonly #identity: ServerIdentity;
  readonly #store: TunnelSessionStore;
  readonly #pending = new Map<string, PendingHandshake>();
  readonly #maxPending: number;

  constructor(options: HandshakeResponderOptions) {
    this.#identity = options.identity;
    this.#store = options.store;
    this.#maxPending = options.maxPending ?? MAX_PENDING_HANDSHAKES;
  }

  /** Step 1: a client hello; answers a new session id and the server hello (with the evidence). */
  hello(body: Uint8Array, now: number): { sessionId: string; serverHello: Bytes } {
    let clientNonce: Bytes;
    try {
      clientNonce = decodeClientHello(body).clientNonce;
    } catch {
      throw new TunnelAppError(400, "The client hello is malformed.");
    }
    if (this.#pending.size >= this.#maxPending) this.sweep(now);
    if (this.#pending.size >= this.#maxPending) {
      throw new TunnelAppError(
        503,
        "Too many secure sessions are being opened; try again in a moment.",
        "Try again in a moment.",
      );
    }
    const sessionId = toBase64Url(randomBytes(32));
    const serverHello = encodeServerHello({ evidence: this.#identity.evidence(clientNonce) });
    this.#pending.set(sessionId, {
      clientHello: new Uint8Array(body),
      serverHello,
      expiresAt: now + PENDING_HANDSHAKE_LIFETIME_MS,
    });
    return { sessionId, serverHello };
  }

  /**
   * Step 2: the client's finished message for a pending handshake (used once, whatever the
   * outcome). Checks the key confirmation, stores the open session, answers the server's
   * confirmation.
   */
  async finish(sessionId: string, body: Uint8Array, now: number): Promise<Bytes> {
    const pending = isValidSessionId(sessionId) ? this.#pending.get(sessionId) : undefined;
    if (pending === undefined || now >= pending.expiresAt) {
      if (pending !== undefined) this.#pending.delete(sessionId);
      throw new TunnelAppError(
        401,
        "The handshake is unknown or has expired.",
        "Start a new handshake.",
      );
    }
    this.#pending.delete(sessionId);

    let finished;
    try {
      finished = decodeClientFinished(body);
    } catch {
      throw new TunnelAppError(
        400,
        "The client finished message is malformed.",
        "Start a new handshake.",
      );
    }
    const transcript = await computeTranscriptHash(
      pending.clientHello,
      pending.serverHello,
      finished.enc,
    );
    let secrets: SessionSecrets;
    try {
      const context = await this.#identity.suite.createRecipientContext({
        recipientKey: this.#identity.keyPair,
        enc: finished.enc,
        info: await buildHpkeInfo(pending.clientHello, pending.serverHello),
      });
      const confirmed = new Uint8Array(
        await context.open(finished.confirmation, buildClientFinishedAad(sessionId)),
      );
      if (!timingSafeEqual(confirmed, transcript)) throw new Error("transcript mismatch");
      secrets = await deriveSessionSecrets(context);
    } catch {
      throw new TunnelAppError(
        403,
        "The key confirmation of the handshake failed.",
        "Start a new handshake.",
      );
    }
    const confirmation = await sealServerFinished(
      { s2cKey: await importAeadKey(secrets.s2cKey), s2cIv: secrets.s2cIv },
      sessionId,
      transcript,
    );
    if (!(await this.#store.create({ id: sessionId, secrets, createdAt: now }))) {
      throw new TunnelAppError(
        503,
        "Too many secure sessions are open; try again in a moment.",
        "Try again in a moment.",
      );
    }
    return encodeServerFinished({ confirmation });
  }

  /** Forgets handshakes that waited too long; resolves to how many. */
  sweep(now: number): number {
    let removed = 0;
    for (const [id, pending] of this.#pending) {
      if (now >= pending.expiresAt) {
        this.#pending.delete(id);
        removed += 1;
      }
    }
    return removed;
  }

  /** Handshakes waiting for their second step. */
  get pendingCount(): number {
    return this.#pending.size;
  }
}
