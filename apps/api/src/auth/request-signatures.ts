import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import {
  credentialKindForPath,
  DEFAULT_MAX_SKEW_SECONDS,
  verifyRequestSignature,
  type NonceStore,
  type SignaturePrimitives,
} from "@paraphe/api-sdk";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import type { Logger } from "../logger";
import type { TunnelledRequest } from "../tunnel/tunnelled-request";
import type { Caller } from "./caller";
import {
  createSessionUseRecorder,
  findLiveSession,
  type SignInSessionLifetimes,
} from "../identity/sessions";
import { isSessionAccessKey, sessionSecretKey } from "./session-credentials";
import {
  apiKeySecretKey,
  deriveApiKeyCredentialKey,
  isApiKeyAccessKey,
} from "./api-key-credentials";
import {
  deriveEmbedTokenCredentialKey,
  embedTokenAccessKeyHash,
  embedTokenSecretKey,
  isEmbedTokenAccessKey,
} from "./embed-token-credentials";

export interface SignatureVerifierOptions {
  db: Kysely<Database>;
  /** Access key to secret key of the app-level credentials (configuration). */
  appCredentials: ReadonlyMap<string, string>;
  /** The key session secret keys derive from (`deriveSessionCredentialKey`). */
  sessionCredentialKey: Buffer;
  /** Idle and absolute lifetimes of sign-in sessions, checked on every call. */
  sessionLifetimes: SignInSessionLifetimes;
  nonceStore: NonceStore;
  logger: Logger;
  now?: () => number;
  maxSkewSeconds?: number;
}

/**
 * SHA-256 and HMAC-SHA-256 on node:crypto: synchronous, and an order of magnitude cheaper per
 * small call than WebCrypto in Node (each WebCrypto call is a job on the thread pool). The MAC is
 * compared in constant time (`timingSafeEqual`).
 */
const nodePrimitives: SignaturePrimitives = {
  sha256: (data) => createHash("sha256").update(data).digest(),
  verifyHmacSha256(secret, mac, data) {
    const expected = createHmac("sha256", secret).update(data).digest();
    return mac.length === expected.length && timingSafeEqual(mac, expected);
  },
};

/**
 * The RFC 9421 check of every sealed call (spec §6, §7): the credential spec §6 names for the path
 * must have signed the bytes that travelled — a live session credential (or an active team API
 * key, or an embed token) for member paths, an app-level credential for public calls — within the skew window, with a fresh nonce. Answers who
 * called; refuses with AUTHENTICATION_ERROR (the precise reason goes to the log only).
 */
export function createSignatureVerifier(
  options: SignatureVerifierOptions,
): (request: TunnelledRequest) => Promise<Caller> {
  const now = options.now ?? Date.now;
  const recordSessionUse = createSessionUseRecorder(options.db);
  const apiKeyCredentialKey = deriveApiKeyCredentialKey(options.sessionCredentialKey);
  const embedTokenCredentialKey = deriveEmbedTokenCredentialKey(options.sessionCredentialKey);

  return async (request) => {
    // The path the router matched, decoded: `/%65nvelope/get` runs `/envelope/get`, so it needs the
    // credential of `/envelope/get`.
    const kind = credentialKindForPath(request.routePath);
    let caller = null as Caller | null;
    // A body sent chunked, or handed over in-process, has no Content-Length header: the length
    // that the signature covers is then the length of what arrived.
    let headers = request.headers;
    if (!headers.has("Content-Length")) {
      headers = new Headers(headers);
      headers.set("Content-Length", String(request.sealedBody.byteLength));
    }
    const result = await verifyRequestSignature({
      method: request.method,
      url: request.url,
      headers,
      body: request.sealedBody,
      nonceStore: options.nonceStore,
      now: now(),
      maxSkewSeconds: options.maxSkewSeconds ?? DEFAULT_MAX_SKEW_SECONDS,
      primitives: nodePrimitives,
      lookupSecret: async (accessKey) => {
        if (kind === "app") {
          const secret = options.appCredentials.get(accessKey);
          if (secret === undefined) return null;
          caller = { kind: "app", appId: accessKey };
          return secret;
        }
        if (isApiKeyAccessKey(accessKey)) {
          // A team API key signs like a session credential; a revoked one is unknown at once.
          const key = await options.db
            .selectFrom("apiKey")
            .select(["id", "teamId"])
            .where("accessKey", "=", accessKey)
            .where("status", "=", "active")
            .executeTakeFirst();
          if (key === undefined) return null;
          caller = { kind: "apiKey", apiKeyId: key.id, teamId: key.teamId, accessKey };
          return apiKeySecretKey(apiKeyCredentialKey, accessKey);
        }
        if (isEmbedTokenAccessKey(accessKey)) {
          // An embed token signs like an API key until it expires; it opens no session.
          const token = await options.db
            .selectFrom("embedToken")
            .select(["id", "teamId"])
            .where("accessKeyHash", "=", embedTokenAccessKeyHash(accessKey))
            .where("expiresAt", ">", new Date(now()))
            .executeTakeFirst();
          if (token === undefined) return null;
          caller = { kind: "embedToken", embedTokenId: token.id, teamId: token.teamId, accessKey };
          return embedTokenSecretKey(embedTokenCredentialKey, accessKey);
        }
        if (!isSessionAccessKey(accessKey)) return null;
        const session = await findLiveSession(
          options.db,
          accessKey,
          now(),
          options.sessionLifetimes,
        );
        if (session === null) return null;
        caller = { kind: "session", userId: session.userId, accessKey };
        return sessionSecretKey(options.sessionCredentialKey, accessKey);
      },
    });
    if (!result.ok || caller === null) {
      options.logger.info(
        {
          reason: result.ok ? "no caller" : result.code,
          detail: result.ok ? undefined : result.message,
          path: request.routePath,
        },
        "request signature refused",
      );
      throw new AppError("AUTHENTICATION_ERROR", {
        message:
          kind === "session"
            ? "You are not signed in, or your session has ended."
            : "The call is not signed by a known app.",
      });
    }
    const accepted: Caller = caller;
    if (accepted.kind === "session") await recordSessionUse(accepted.accessKey, now());
    return accepted;
  };
}
