import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/*
 * The team-administration rows that commands lock (SELECT ... FOR UPDATE) inside the caller's
 * transaction, so that a check made on what a loader answers (seats left, owners left) still holds
 * when the transaction writes.
 */

/**
 * Locks a team's row: the commands that change who is in the team or invited to it (inviting,
 * resending, changing a role, removing, accepting) run one after the other, so seats and the last
 * owner are counted on a settled team.
 */
export async function lockTeam(trx: Kysely<Database>, teamId: string): Promise<void> {
  await trx.selectFrom("team").select("id").where("id", "=", teamId).forUpdate().execute();
}

/** The pending invitation `invitationId` of `teamId`, locked; undefined when there is none. */
export async function lockInvitation(trx: Kysely<Database>, teamId: string, invitationId: string) {
  return trx
    .selectFrom("teamInvitation")
    .selectAll()
    .where("id", "=", invitationId)
    .where("teamId", "=", teamId)
    .forUpdate()
    .executeTakeFirst();
}

/** The pending invitation whose token hashes to `tokenHash`, locked; undefined when none. */
export async function lockInvitationByToken(trx: Kysely<Database>, tokenHash: Buffer) {
  return trx
    .selectFrom("teamInvitation")
    .selectAll()
    .where("tokenHash", "=", tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** The pending invitation `invitationId` addressed to `email`, locked; undefined when none. */
export async function lockInvitationForEmail(
  trx: Kysely<Database>,
  invitationId: string,
  email: string,
) {
  return trx
    .selectFrom("teamInvitation")
    .selectAll()
    .where("id", "=", invitationId)
    .where("email", "=", email)
    .forUpdate()
    .executeTakeFirst();
}
