import { createMemoryNonceStore } from "@paraphe/api-sdk";
import type { Kysely } from "kysely";
import { DatabaseNonceStore } from "../auth/nonce-stores";
import { createSignatureVerifier } from "../auth/request-signatures";
import { signInSessionLifetimes } from "../identity/sessions";
import { deriveSessionCredentialKey } from "../auth/session-credentials";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { DatabaseSessionStore } from "./database-session-store";
import type { TunnelLimits } from "./address-limits";
import { HandshakeResponder, MAX_PENDING_HANDSHAKES } from "./handshake";
import { MemorySessionStore } from "./memory-session-store";
import type { VerifyRequestSignature } from "./tunnelled-request";
import { createServerIdentity, type ServerIdentity } from "./server-identity";
import type { SessionLifetimes, TunnelSessionStore } from "./session-store";
import { tunnelSessions } from "../telemetry/metrics";

/** The server side of the secure tunnel: identity, handshake responder and session store. */
export interface Tunnel {
  identity: ServerIdentity;
  store: TunnelSessionStore;
  responder: HandshakeResponder;
  /** The clock of session lifetimes (milliseconds since the epoch). */
  now: () => number;
  /** RFC 9421 request-signature verification (see {@link VerifyRequestSignature}); off only in tests. */
  verifyRequestSignature: VerifyRequestSignature | undefined;
  /** Removes expired sessions and handshakes that waited too long. */
  sweep(): Promise<void>;
}

export interface CreateTunnelOptions {
  config: Config;
  db: Kysely<Database>;
  /** The blob master key: the database store encrypts session secrets under a key derived from it. */
  masterKey: Uint8Array;
  logger: Logger;
  /** The file this process runs from (measured as `container_bundle`); see `createServerIdentity`. */
  entryFile?: string;
  referenceValuesFile?: string;
  now?: () => number;
  /**
   * The request-signature check of sealed calls; by default the real one (spec §6 credentials,
   * RFC 9421). `null` turns it off: only for tests of the tunnel's own mechanics.
   */
  verifyRequestSignature?: VerifyRequestSignature | null;
}

export function sessionLifetimes(
  config: Pick<Config, "tunnelIdleTimeoutSeconds" | "tunnelMaxAgeSeconds">,
): SessionLifetimes {
  return {
    idleMs: config.tunnelIdleTimeoutSeconds * 1000,
    maxAgeMs: config.tunnelMaxAgeSeconds * 1000,
  };
}

/** Builds the tunnel at start: a fresh HPKE key pair, the measurements, the configured session store. */
export async function createTunnel(options: CreateTunnelOptions): Promise<Tunnel> {
  const { config } = options;
  const identity = await createServerIdentity({
    config,
    ...(options.entryFile === undefined ? {} : { entryFile: options.entryFile }),
    ...(options.referenceValuesFile === undefined
      ? {}
      : { referenceValuesFile: options.referenceValuesFile }),
  });
  const lifetimes = sessionLifetimes(config);
  const limits: TunnelLimits = {
    maxSessions: config.tunnelMaxSessions,
    maxSessionsPerAddress: config.tunnelMaxSessionsPerAddress,
    handshakesPerAddress: config.tunnelHandshakesPerAddress,
  };
  const store: TunnelSessionStore =
    config.tunnelSessionStore === "database"
      ? new DatabaseSessionStore({
          db: options.db,
          masterKey: options.masterKey,
          lifetimes,
          logger: options.logger,
          limits,
        })
      : new MemorySessionStore({ lifetimes, limits });
  const responder = new HandshakeResponder({
    identity,
    store,
    maxPending: Math.min(MAX_PENDING_HANDSHAKES, limits.maxSessions),
  });
  const now = options.now ?? Date.now;
  const nonceStore =
    config.tunnelSessionStore === "database"
      ? new DatabaseNonceStore(options.db)
      : createMemoryNonceStore();
  const verifyRequestSignature =
    options.verifyRequestSignature === null
      ? undefined
      : (options.verifyRequestSignature ??
        createSignatureVerifier({
          db: options.db,
          appCredentials: config.appCredentials,
          sessionCredentialKey: deriveSessionCredentialKey(options.masterKey),
          sessionLifetimes: signInSessionLifetimes(config),
          nonceStore,
          logger: options.logger,
          now,
        }));
  return {
    identity,
    store,
    responder,
    now,
    verifyRequestSignature,
    async sweep() {
      const at = now();
      responder.sweep(at);
      const expired = await store.sweep(at);
      if (expired > 0) tunnelSessions.inc({ event: "expired" }, expired);
      if (nonceStore instanceof DatabaseNonceStore) await nonceStore.sweep(at);
    },
  };
}

/** Sweeps the tunnel every `intervalMs` (a minute by default); returns the function that stops it. */
export function startTunnelSweeper(
  tunnel: Tunnel,
  logger: Logger,
  intervalMs = 60_000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tunnel
      .sweep()
      .catch((error: unknown) => logger.warn({ err: error }, "tunnel session sweep failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
