import type { LoginResponse } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { loadProfile } from "./profile";

/**
 * A sign-in's answer with what the app would ask for next, so that it need not ask: the profile
 * of the person the session `login.accessKey` belongs to, as `/user/profile` answers it, and
 * whether they have a passkey (the web app skips its offer of one then). Read once the session is
 * committed, from the session's own row: the person signed in, never anyone else.
 */
export async function withSignedInPerson<T extends LoginResponse>(
  deps: { db: Kysely<Database>; blobStore: Pick<BlobStore, "exists">; config: Config },
  login: T,
): Promise<T> {
  const session = await deps.db
    .selectFrom("userSession")
    .select("userId")
    .where("accessKey", "=", login.accessKey)
    .executeTakeFirst();
  if (session === undefined) throw new AppError("AUTHENTICATION_ERROR");
  const [profile, passkey] = await Promise.all([
    loadProfile(deps, deps.config, session.userId),
    deps.db
      .selectFrom("passkey")
      .select("id")
      .where("userId", "=", session.userId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { ...login, profile, hasPasskey: passkey !== undefined };
}
