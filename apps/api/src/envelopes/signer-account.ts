import { sql, type Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";

/** The Paraphe account a signer signs in to for an `account` check. */
export interface SignerAccount {
  id: string;
  email: string;
}

/**
 * The account whose email is the recipient's, compared without case as addresses are everywhere
 * else; null when there is none. (Accounts cannot be disabled in Paraphe: one removed is gone,
 * and its codes and passkeys with it.)
 */
export async function signerAccount(
  db: Kysely<Database>,
  email: string,
): Promise<SignerAccount | null> {
  const account = await db
    .selectFrom("appUser")
    .select(["id", "email"])
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .orderBy("createdAt")
    .limit(1)
    .executeTakeFirst();
  return account ?? null;
}

/**
 * CONFLICT `account_required`: the signer must sign in to a Paraphe account of their email, and
 * there is none; the suggestion says how to get one (sign in to the web app with that address).
 */
export function accountRequired(deps: { config: Pick<Config, "webUrl"> }): AppError {
  return new AppError("CONFLICT", {
    message: "A Paraphe account with your email address is required to sign this document.",
    suggestion: `Create it by signing in at ${new URL("/login", deps.config.webUrl).href} with this email address, then come back to this page.`,
    reason: "account_required",
  });
}
