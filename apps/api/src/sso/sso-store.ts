import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/*
 * The single sign-on rows that commands lock (SELECT ... FOR UPDATE) inside the caller's
 * transaction: a team's configuration, and a login attempt (so that a state is used once).
 */

/** The team's SSO configuration, locked; undefined when it has none. */
export async function lockSsoConfiguration(trx: Kysely<Database>, teamId: string) {
  return trx
    .selectFrom("ssoConfiguration")
    .selectAll()
    .where("teamId", "=", teamId)
    .forUpdate()
    .executeTakeFirst();
}

/** The login attempt whose state hashes to `stateHash`, locked; undefined when unknown. */
export async function lockLoginAttempt(trx: Kysely<Database>, stateHash: Buffer) {
  return trx
    .selectFrom("oidcLoginAttempt")
    .selectAll()
    .where("stateHash", "=", stateHash)
    .forUpdate()
    .executeTakeFirst();
}
