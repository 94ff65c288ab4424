import type { LoginResponse, SessionInfo } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import { newSessionAccessKey, sessionSecretKey } from "../auth/session-credentials";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { ClientInfo } from "./client-info";
import type { IdentityDeps } from "./identity-deps";

/**
 * Opens a session for `userId` (in the caller's transaction) and answers the credential the app
 * keeps: the access key is stored, the secret key is derived and never stored. `emailProven`: the
 * session rests on an email Paraphe proved itself (a sign-in code, or a passkey registered by such
 * a session); never for single sign-on.
 */
export async function openSession(
  trx: Kysely<Database>,
  deps: Pick<IdentityDeps, "sessionCredentialKey">,
  user: { id: string; email: string },
  method: "code" | "passkey" | "oidc",
  client: ClientInfo,
  at: number,
  isNewUser: boolean,
  emailProven: boolean,
): Promise<LoginResponse> {
  const accessKey = newSessionAccessKey();
  await trx
    .insertInto("userSession")
    .values({
      accessKey,
      userId: user.id,
      ipAddress: client.ipAddress,
      platform: client.platform,
      userAgent: client.userAgent,
      method,
      // A session opened on an identity provider's word never counts as proof of the email.
      emailProven: method !== "oidc" && emailProven,
      createdAt: new Date(at),
    })
    .execute();
  return {
    accessKey,
    secretKey: sessionSecretKey(deps.sessionCredentialKey, accessKey),
    email: user.email,
    isNewUser,
  };
}

/**
 * The live sessions of `userId` at `at`, newest first: not ended and within both lifetimes (an
 * expired session is not listed even before a call ends it); `currentAccessKey`'s is flagged.
 */
export async function listSessions(
  { db }: { db: Kysely<Database> },
  userId: string,
  currentAccessKey: string,
  at: number,
  lifetimes: SignInSessionLifetimes,
): Promise<SessionInfo[]> {
  const rows = await db
    .selectFrom("userSession")
    .select([
      "accessKey",
      "ipAddress",
      "platform",
      "userAgent",
      "method",
      "createdAt",
      "lastUsedAt",
    ])
    .where("userId", "=", userId)
    .where("endedAt", "is", null)
    .where("createdAt", ">", new Date(at - lifetimes.maxAgeMs))
    .where((eb) =>
      eb.or([
        eb("createdAt", ">", new Date(at - lifetimes.idleMs)),
        eb("lastUsedAt", ">", new Date(at - lifetimes.idleMs)),
      ]),
    )
    .orderBy("createdAt", "desc")
    .execute();
  return rows.map((row) => ({
    accessKey: row.accessKey,
    ipAddress: row.ipAddress,
    platform: row.platform,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    current: row.accessKey === currentAccessKey,
    method: row.method,
  }));
}

/**
 * Ends the sessions of `userId` among `accessKeys`; keys of other people's sessions, unknown or
 * already ended, are ignored. Answers how many were ended.
 */
export async function terminateSessions(
  { db }: { db: Kysely<Database> },
  userId: string,
  accessKeys: readonly string[],
  at: number,
): Promise<number> {
  const ended = await db
    .updateTable("userSession")
    .set({ endedAt: new Date(at) })
    .where("userId", "=", userId)
    .where("accessKey", "in", [...new Set(accessKeys)])
    .where("endedAt", "is", null)
    .returning("accessKey")
    .execute();
  return ended.length;
}

/** How long a sign-in session lives: unused (idle) and in all (absolute), in milliseconds. */
export interface SignInSessionLifetimes {
  idleMs: number;
  maxAgeMs: number;
}

export function signInSessionLifetimes(
  config: Pick<Config, "sessionIdleTimeoutSeconds" | "sessionMaxAgeSeconds">,
): SignInSessionLifetimes {
  return {
    idleMs: config.sessionIdleTimeoutSeconds * 1000,
    maxAgeMs: config.sessionMaxAgeSeconds * 1000,
  };
}

/**
 * The user of the live session `accessKey` at `at`: not ended, used within the idle lifetime and
 * opened within the absolute one. A session found past either lifetime is ended there and then
 * (it shows as ended everywhere), and answers null like an unknown one.
 */
export async function findLiveSession(
  db: Kysely<Database>,
  accessKey: string,
  at: number,
  lifetimes: SignInSessionLifetimes,
): Promise<{ userId: string } | null> {
  const session = await db
    .selectFrom("userSession")
    .select(["userId", "createdAt", "lastUsedAt"])
    .where("accessKey", "=", accessKey)
    .where("endedAt", "is", null)
    .executeTakeFirst();
  if (session === undefined) return null;
  const lastUsed = Math.max(session.createdAt.getTime(), session.lastUsedAt?.getTime() ?? 0);
  if (at >= session.createdAt.getTime() + lifetimes.maxAgeMs || at >= lastUsed + lifetimes.idleMs) {
    await db
      .updateTable("userSession")
      .set({ endedAt: new Date(at) })
      .where("accessKey", "=", accessKey)
      .where("endedAt", "is", null)
      .execute();
    return null;
  }
  return { userId: session.userId };
}

/** `user_session.last_used_at` is written at most this often per session and process. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Records that a session was used, cheaply: at most one write per session every
 * {@link LAST_USED_RESOLUTION_MS} in this process (the idle lifetime is days, so the minute lost is
 * nothing), remembering at most 10,000 sessions.
 */
export function createSessionUseRecorder(
  db: Kysely<Database>,
): (accessKey: string, at: number) => Promise<void> {
  const lastWrites = new Map<string, number>();
  return async (accessKey, at) => {
    const last = lastWrites.get(accessKey) ?? Number.NEGATIVE_INFINITY;
    if (at - last < LAST_USED_RESOLUTION_MS) return;
    if (lastWrites.size >= 10_000) lastWrites.clear();
    lastWrites.set(accessKey, at);
    await db
      .updateTable("userSession")
      .set({ lastUsedAt: new Date(at) })
      .where("accessKey", "=", accessKey)
      .execute();
  };
}

/**
 * Whether the session `accessKey` rests on an email Paraphe proved itself (see {@link openSession}):
 * only such a session reaches what is addressed to its email in other teams.
 */
export async function sessionEmailProven(
  { db }: { db: Kysely<Database> },
  accessKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("userSession")
    .select("emailProven")
    .where("accessKey", "=", accessKey)
    .executeTakeFirst();
  return row?.emailProven === true;
}
