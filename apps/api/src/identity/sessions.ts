import type { LoginResponse, SessionInfo } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import { newSessionAccessKey, sessionSecretKey } from "../auth/session-credentials";
import type { Database } from "../db/database";
import type { ClientInfo } from "./client-info";
import type { IdentityDeps } from "./identity-deps";

/**
 * Opens a session for `userId` (in the caller's transaction) and answers the credential the app
 * keeps: the access key is stored, the secret key is derived and never stored.
 */
export async function openSession(
  trx: Kysely<Database>,
  deps: Pick<IdentityDeps, "sessionCredentialKey">,
  user: { id: string; email: string },
  method: "code" | "passkey",
  client: ClientInfo,
  at: number,
  isNewUser: boolean,
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

/** The live sessions of `userId`, newest first; `currentAccessKey`'s is flagged. */
export async function listSessions(
  db: Kysely<Database>,
  userId: string,
  currentAccessKey: string,
): Promise<SessionInfo[]> {
  const rows = await db
    .selectFrom("userSession")
    .select(["accessKey", "ipAddress", "platform", "userAgent", "createdAt", "lastUsedAt"])
    .where("userId", "=", userId)
    .where("endedAt", "is", null)
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
  }));
}

/**
 * Ends the sessions of `userId` among `accessKeys`; keys of other people's sessions, unknown or
 * already ended, are ignored. Answers how many were ended.
 */
export async function terminateSessions(
  db: Kysely<Database>,
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
