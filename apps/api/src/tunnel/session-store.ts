import type { SessionSecrets } from "@paraphe/tunnel-client/protocol";
import type { TunnelSessionStoreKind } from "../config";
import type { CreateResult } from "./address-limits";

/** How long a session lives: unused (idle) and in all (absolute), in milliseconds. */
export interface SessionLifetimes {
  idleMs: number;
  maxAgeMs: number;
}

/** The instant a session expires: its absolute limit, or its idle limit if that comes first. */
export function sessionExpiresAt(
  createdAt: number,
  lastUsedAt: number,
  lifetimes: SessionLifetimes,
): number {
  return Math.min(createdAt + lifetimes.maxAgeMs, lastUsedAt + lifetimes.idleMs);
}

/** An open session, as read for one request. */
export interface OpenTunnelSession {
  id: string;
  secrets: SessionSecrets;
  createdAt: number;
  lastUsedAt: number;
  /**
   * Whether a request with this sequence number may still be accepted (not accepted before, not
   * older than the window), as of the read: a cheap check before decrypting. The decision is
   * {@link TunnelSessionStore.acceptRequest}'s.
   */
  mayAccept(seq: number): boolean;
}

export type AcceptResult =
  /** Recorded; the session is marked used. */
  | "accepted"
  /** Already accepted, or older than the window: refused, nothing changed. */
  | "replayed"
  /** The session no longer exists or has expired. */
  | "closed";

/**
 * Where open tunnel sessions live. `memory` serves one process; `database` lets several replicas
 * share sessions: every decision that must be taken once (accepting a request's sequence number,
 * taking a response's) is atomic in the store.
 *
 * Handshakes in progress are not here: they belong to the process whose HPKE key the client
 * encapsulates to (see `HandshakeResponder`).
 */
export interface TunnelSessionStore {
  readonly kind: TunnelSessionStoreKind;
  /**
   * Counts a handshake started by the client at `addressKey` (see `addressPrefix`); resolves to how
   * long to wait when that address is past its handshakes per minute.
   */
  admitHandshake(addressKey: string, now: number): Promise<{ retryAfterMs: number } | undefined>;
  /**
   * Stores a session whose handshake has just completed, opened by the client at `addressKey`
   * (null: an in-process call, not counted per address). Refused when that address already holds
   * its most sessions. When the store is full (after removing the expired ones), the least recently
   * used session of the address holding the most sessions is closed to make room, if that address
   * holds more than this one; otherwise the session is refused.
   */
  create(session: {
    id: string;
    secrets: SessionSecrets;
    createdAt: number;
    addressKey: string | null;
  }): Promise<CreateResult>;
  /** The open session, or undefined when unknown or expired at `now` (an expired one is removed). */
  find(id: string, now: number): Promise<OpenTunnelSession | undefined>;
  /**
   * Records a request's sequence number, atomically: each one is accepted once, within the
   * replay window; an accepted request marks the session used at `now`.
   */
  acceptRequest(id: string, seq: number, now: number): Promise<AcceptResult>;
  /**
   * Takes the sequence number of the next response, atomically, so that no two responses share a
   * nonce; undefined when the session is gone or its counter is exhausted (it is then removed).
   */
  takeResponseSeq(id: string): Promise<number | undefined>;
  /** Removes every session expired at `now` (and ended handshake counters); resolves to how many. */
  sweep(now: number): Promise<number>;
}
