import { randomBytes } from "node:crypto";
import {
  buildClientFinishedAad,
  buildHpkeInfo,
  computeTranscriptHash,
  decodeClientFinished,
  decodeClientFinishedWithRequest,
  decodeClientHello,
  deriveSessionSecrets,
  encodeServerFinished,
  encodeServerHello,
  importAeadKey,
  isValidSessionId,
  MAX_FIRST_REQUEST_LENGTH,
  sealServerFinished,
  timingSafeEqual,
  toBase64Url,
  type Bytes,
  type ClientFinished,
  type FirstRequest,
  type SessionSecrets,
} from "@paraphe/tunnel-client/protocol";
import { AppError } from "../errors/app-error";
import type { ServerIdentity } from "./server-identity";
import type { TunnelSessionStore } from "./session-store";
import { TunnelAppError } from "./tunnel-error";
import { tunnelSessions } from "../telemetry/metrics";

/**
 * How long a handshake may wait between its two steps: the client sends step 2 as soon as it has
 * checked the evidence, one round trip later; a longer wait only lets a flood hold more entries.
 */
export const PENDING_HANDSHAKE_LIFETIME_MS = 10_000;
/**
 * At most this many handshakes wait for their second step (or TUNNEL_MAX_SESSIONS if smaller).
 * When the table is full, a new handshake takes the place of the oldest pending one of the
 * busiest client address (see {@link HandshakeResponder.hello}).
 */
export const MAX_PENDING_HANDSHAKES = 10_000;
/**
 * The share of the pending table one client address may hold: 1/100, so that filling the table
 * takes a hundred addresses, and even then a newcomer evicts the busiest one's oldest handshake.
 */
export const PENDING_SHARE_DIVISOR = 100;

/** Where a ClientFinishedWithRequest's request part starts: frame header, then enc and confirmation. */
const FIRST_REQUEST_OFFSET = 6 + 2 + 32 + 48;

interface PendingHandshake {
  clientHello: Bytes;
  serverHello: Bytes;
  expiresAt: number;
  addressKey: string | null;
}

export interface HandshakeResponderOptions {
  identity: ServerIdentity;
  store: TunnelSessionStore;
  /** Most handshakes waiting for their second step ({@link MAX_PENDING_HANDSHAKES} by default). */
  maxPending?: number;
  /** Most of them one client address holds (by default `maxPending / PENDING_SHARE_DIVISOR`). */
  maxPendingPerAddress?: number;
  /**
   * The largest first request taken with the second step (offered in every server hello):
   * `MAX_FIRST_REQUEST_LENGTH` by default; null offers none (the step then takes only frame 3).
   */
  maxFirstRequestLength?: number | null;
}

/** 429 RATE_LIMITED for a client address past its quota, with `Retry-After`. */
function addressRefused(message: string, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError("RATE_LIMITED", {
    message,
    suggestion: `Try again in ${seconds} second(s).`,
    headers: { "Retry-After": String(seconds) },
  });
}

/** 503 TUNNEL_ERROR: the server as a whole cannot take the handshake now, with `Retry-After`. */
function serverBusy(message: string, retryAfterMs: number): TunnelAppError {
  return new TunnelAppError(503, message, "Try again in a moment.", {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });
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
  /** Pending handshakes by session id, oldest first (insertion order: one lifetime for all). */
  readonly #pending = new Map<string, PendingHandshake>();
  /** Client address to the ids of its pending handshakes, oldest first. */
  readonly #byAddress = new Map<string, Set<string>>();
  readonly #maxPending: number;
  readonly #maxPendingPerAddress: number;
  readonly #maxFirstRequestLength: number | null;

  constructor(options: HandshakeResponderOptions) {
    this.#identity = options.identity;
    this.#maxFirstRequestLength =
      options.maxFirstRequestLength === undefined
        ? MAX_FIRST_REQUEST_LENGTH
        : options.maxFirstRequestLength;
    this.#store = options.store;
    this.#maxPending = Math.max(1, options.maxPending ?? MAX_PENDING_HANDSHAKES);
    this.#maxPendingPerAddress = Math.max(
      1,
      options.maxPendingPerAddress ?? Math.floor(this.#maxPending / PENDING_SHARE_DIVISOR),
    );
  }

  /**
   * Step 1: a client hello from the client at `addressKey` (null: an in-process call, not counted
   * per address); answers a new session id and the server hello (with the evidence). An address
   * past its handshakes per minute is refused with 429 before anything is kept. An address that
   * already holds its share of the pending table loses its own oldest pending handshake; when the
   * table is full, the oldest pending handshake of the busiest address (one holding more than this
   * client's) makes room, so that a flood from some addresses never refuses a newcomer; only when
   * no address holds more than this one is the answer 503.
   */
  async hello(
    body: Uint8Array,
    now: number,
    addressKey: string | null = null,
  ): Promise<{ sessionId: string; serverHello: Bytes }> {
    let clientNonce: Bytes;
    try {
      clientNonce = decodeClientHello(body).clientNonce;
    } catch {
      throw new TunnelAppError(400, "The client hello is malformed.");
    }
    if (addressKey !== null) {
      const refusal = await this.#store.admitHandshake(addressKey, now);
      if (refusal !== undefined) {
        throw addressRefused(
          "Too many secure sessions were started from this address.",
          refusal.retryAfterMs,
        );
      }
    }
    this.#makeRoom(addressKey, now);
    const sessionId = toBase64Url(randomBytes(32));
    const evidence = this.#identity.evidence(clientNonce);
    const serverHello = encodeServerHello(
      this.#maxFirstRequestLength === null
        ? { evidence }
        : { evidence, maxFirstRequestLength: this.#maxFirstRequestLength },
    );
    this.#pending.set(sessionId, {
      clientHello: new Uint8Array(body),
      serverHello,
      expiresAt: now + PENDING_HANDSHAKE_LIFETIME_MS,
      addressKey,
    });
    if (addressKey !== null) {
      const ids = this.#byAddress.get(addressKey) ?? new Set<string>();
      ids.add(sessionId);
      this.#byAddress.set(addressKey, ids);
    }
    return { sessionId, serverHello };
  }

  /** The largest first request the second step takes, or null when none is offered. */
  get maxFirstRequestLength(): number | null {
    return this.#maxFirstRequestLength;
  }

  /**
   * Step 2: the client's finished message for a pending handshake (used once, whatever the
   * outcome). Checks the key confirmation, stores the open session, answers the server's
   * confirmation.
   */
  async finish(sessionId: string, body: Uint8Array, now: number): Promise<Bytes> {
    const pending = this.#takePending(sessionId, now);
    let finished: ClientFinished;
    try {
      finished = decodeClientFinished(body);
    } catch {
      throw new TunnelAppError(
        400,
        "The client finished message is malformed.",
        "Start a new handshake.",
      );
    }
    const confirmation = await this.#open(sessionId, pending, finished, now);
    return encodeServerFinished({ confirmation });
  }

  /**
   * Step 2 with the session's first call (a ClientFinishedWithRequest, frame 5): the pending
   * handshake is used up as by {@link finish}; a malformed frame, or a request `mayRun` refuses
   * (its path), is answered 400, a failed key confirmation 403, and the request is not run. Once
   * the session is open, resolves to the server's confirmation (48 bytes, for the
   * ServerFinishedWithResponse) and the request, which the caller runs as any tunnelled call.
   */
  async finishWithRequest(
    sessionId: string,
    body: Uint8Array,
    now: number,
    mayRun: (request: FirstRequest) => boolean,
  ): Promise<{ confirmation: Bytes; request: FirstRequest }> {
    const pending = this.#takePending(sessionId, now);
    if (this.#maxFirstRequestLength === null) {
      throw new TunnelAppError(
        400,
        "This server takes no request with the handshake.",
        "Start a new handshake.",
      );
    }
    let finished: ClientFinished & { request: FirstRequest };
    try {
      finished = decodeClientFinishedWithRequest(body);
    } catch {
      throw new TunnelAppError(
        400,
        "The client finished message is malformed.",
        "Start a new handshake.",
      );
    }
    if (body.length - FIRST_REQUEST_OFFSET > this.#maxFirstRequestLength) {
      throw new TunnelAppError(
        400,
        "The request sent with the handshake is too large.",
        "Start a new handshake.",
      );
    }
    if (!mayRun(finished.request)) {
      throw new TunnelAppError(
        400,
        "This request cannot be sent with the handshake.",
        "Start a new handshake.",
      );
    }
    const confirmation = await this.#open(sessionId, pending, finished, now);
    return { confirmation, request: finished.request };
  }

  /** The pending handshake of `sessionId`, taken out (one attempt each), or 401. */
  #takePending(sessionId: string, now: number): PendingHandshake {
    const pending = isValidSessionId(sessionId) ? this.#pending.get(sessionId) : undefined;
    if (pending === undefined || now >= pending.expiresAt) {
      if (pending !== undefined) this.#forget(sessionId);
      throw new TunnelAppError(
        401,
        "The handshake is unknown or has expired.",
        "Start a new handshake.",
      );
    }
    this.#forget(sessionId);
    return pending;
  }

  /** Checks the key confirmation (403), stores the open session; the server's confirmation. */
  async #open(
    sessionId: string,
    pending: PendingHandshake,
    finished: ClientFinished,
    now: number,
  ): Promise<Bytes> {
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
    const created = await this.#store.create({
      id: sessionId,
      secrets,
      createdAt: now,
      addressKey: pending.addressKey,
    });
    tunnelSessions.inc({ event: created.created ? "opened" : "refused" });
    if (!created.created) {
      throw created.reason === "address"
        ? addressRefused(
            "Too many secure sessions are open from this address.",
            created.retryAfterMs,
          )
        : serverBusy(
            "Too many secure sessions are open; try again in a moment.",
            created.retryAfterMs,
          );
    }
    return confirmation;
  }

  /**
   * Forgets handshakes that waited too long; resolves to how many. The table is in order of age
   * and every entry lives as long, so the walk stops at the first live one.
   */
  sweep(now: number): number {
    let removed = 0;
    for (const [id, pending] of this.#pending) {
      if (now < pending.expiresAt) break;
      this.#forget(id);
      removed += 1;
    }
    return removed;
  }

  /** Handshakes waiting for their second step. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /** Handshakes of the client at `addressKey` waiting for their second step. */
  pendingCountOf(addressKey: string): number {
    return this.#byAddress.get(addressKey)?.size ?? 0;
  }

  /** Makes room for one more pending handshake of `addressKey`, or throws 503 (see `hello`). */
  #makeRoom(addressKey: string | null, now: number): void {
    this.sweep(now);
    const own = addressKey === null ? undefined : this.#byAddress.get(addressKey);
    if (own !== undefined && own.size >= this.#maxPendingPerAddress) {
      this.#forgetOldestOf(own);
      return;
    }
    if (this.#pending.size < this.#maxPending) return;
    let busiest: Set<string> | undefined;
    for (const ids of this.#byAddress.values()) {
      if (busiest === undefined || ids.size > busiest.size) busiest = ids;
    }
    if (busiest === undefined || busiest.size <= (own?.size ?? 0)) {
      throw serverBusy(
        "Too many secure sessions are being opened; try again in a moment.",
        PENDING_HANDSHAKE_LIFETIME_MS,
      );
    }
    this.#forgetOldestOf(busiest);
  }

  #forgetOldestOf(ids: Set<string>): void {
    for (const id of ids) {
      this.#forget(id);
      return;
    }
  }

  #forget(sessionId: string): void {
    const pending = this.#pending.get(sessionId);
    this.#pending.delete(sessionId);
    if (pending === undefined || pending.addressKey === null) return;
    const ids = this.#byAddress.get(pending.addressKey);
    ids?.delete(sessionId);
    if (ids?.size === 0) this.#byAddress.delete(pending.addressKey);
  }
}
