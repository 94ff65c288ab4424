import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/*
 * The identity rows that commands lock (SELECT ... FOR UPDATE) inside the caller's transaction, so
 * that a check made on what a loader answers still holds when the transaction writes.
 */

/**
 * The login codes of `email` that are not consumed and expired after `expiredAfter`, newest first,
 * locked: concurrent checks of one person's codes queue up and each sees the attempts of the last.
 */
export async function lockLoginCodes(trx: Kysely<Database>, email: string, expiredAfter: Date) {
  return trx
    .selectFrom("loginCode")
    .select(["id", "codeHash", "language", "expiresAt", "attempts"])
    .where("email", "=", email)
    .where("consumedAt", "is", null)
    .where("expiresAt", ">", expiredAfter)
    .orderBy("createdAt", "desc")
    .forUpdate()
    .execute();
}

/** Locks a person's row: their concurrent commands (creating a team, ...) run one after the other. */
export async function lockUser(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.selectFrom("appUser").select("id").where("id", "=", userId).forUpdate().execute();
}
