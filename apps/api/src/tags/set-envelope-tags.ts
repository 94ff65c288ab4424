import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { lockEnvelopeFor } from "../envelopes/envelope-store";
import type { Member } from "../membership/members";
import { lockTagsForShare } from "./tag-store";

/**
 * Replaces the tags of an envelope with `tagIds`, tags of the member's team (a tag of another team
 * or one deleted meanwhile is NOT_FOUND). Needs the Envelope update permission on the field
 * `tags`, checked on the locked row; allowed in any status, and the envelope's `updatedAt` stays
 * (tags only label it: the list keeps its order).
 */
export async function setEnvelopeTags(
  deps: { db: Kysely<Database> },
  member: Member,
  envelopeId: string,
  tagIds: readonly string[],
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockEnvelopeFor(trx, member, envelopeId, "update", "tags");
    await replaceTags(trx, member, envelope.id, tagIds);
  });
}

/**
 * Replaces the tags of the envelope or template `envelopeId`, locked by the caller, with `tagIds`
 * (tags of the member's team; NOT_FOUND for any other).
 */
export async function replaceTags(
  trx: Kysely<Database>,
  member: Member,
  envelopeId: string,
  tagIds: readonly string[],
): Promise<void> {
  const tags = await lockTagsForShare(trx, member.teamId, tagIds);
  if (tags.length !== tagIds.length) {
    throw new AppError("NOT_FOUND", {
      message: "One of these tags does not exist.",
      fields: [{ path: "tagUuids", code: "custom", message: "not_found" }],
    });
  }
  await trx.deleteFrom("envelopeTag").where("envelopeId", "=", envelopeId).execute();
  if (tags.length > 0) {
    await trx
      .insertInto("envelopeTag")
      .values(tags.map((tag) => ({ envelopeId, tagId: tag.id })))
      .execute();
  }
}
