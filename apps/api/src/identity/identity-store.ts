import type { Insertable, Kysely } from "kysely";
import type { AppUserTable, Database } from "../db/database";

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
    .select(["id", "codeHash", "language", "expiresAt", "attempts", "requestedFrom"])
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

/**
 * The account of `values.email`, created with `values` when there is none (a first sign-in:
 * `created`); a concurrent first sign-in of the same address finds the one the other created.
 */
export async function findOrCreateUser(
  trx: Kysely<Database>,
  values: Insertable<AppUserTable>,
): Promise<{ id: string; email: string; created: boolean }> {
  const created = await trx
    .insertInto("appUser")
    .values(values)
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(["id", "email"])
    .executeTakeFirst();
  if (created !== undefined) return { ...created, created: true };
  const found = await trx
    .selectFrom("appUser")
    .select(["id", "email"])
    .where("email", "=", values.email)
    .executeTakeFirstOrThrow();
  return { ...found, created: false };
}
