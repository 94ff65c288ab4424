import type { Kysely } from "kysely";
import type { Database, EnvelopeRow } from "../db/database";
import { envelopeNotFound, findEnvelopeForMember } from "../envelopes/envelope-access";
import { type Member } from "../membership/members";

/**
 * The envelope `envelopeId` whose status `member` may read: through a team API key, one the key
 * created itself (of its team; any other answers NOT_FOUND, its existence never revealed); for a
 * signed-in member, any envelope their role lets them read (`findEnvelopeForMember`).
 */
export async function findEnvelopeForTemplateCaller(
  deps: { db: Kysely<Database> },
  member: Member,
  envelopeId: string,
): Promise<EnvelopeRow> {
  if (member.apiKey === undefined) return findEnvelopeForMember(deps, member, envelopeId, "read");
  const row = await deps.db
    .selectFrom("envelope")
    .selectAll()
    .where("id", "=", envelopeId)
    .where("kind", "=", "envelope")
    .where("teamId", "=", member.teamId)
    .where("createdByApiKeyId", "=", member.apiKey.id)
    .executeTakeFirst();
  if (row === undefined) throw envelopeNotFound();
  return row;
}
