import { isUniqueViolation } from "../db/database-errors";
import type {
  createTagRequestSchema,
  Tag,
  updateTagRequestSchema,
} from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/database";
import { requirePermission, teamSubject, type Member } from "../membership/members";
import { AppError } from "../errors/app-error";
import type { WorkspaceDeps } from "../workspaces/workspace-deps";
import { lockTagRow } from "./tag-store";

/*
 * Tags of a team (spec §3): every member of the team reads them (`read Team` on its field `tags`);
 * creating, renaming and deleting them changes the team's settings (`update Team` on its field
 * `tags`: Owner and Admin). A tag's name is
 * unique in its team regardless of case (a unique index on lower(name); VALIDATION_ERROR
 * `name_taken` on the name field).
 */

export const tagNotFound = (): AppError =>
  new AppError("NOT_FOUND", { message: "This tag does not exist." });

const nameTaken = (): AppError =>
  new AppError("VALIDATION_ERROR", {
    message: "Your team already has a tag with this name.",
    fields: [{ path: "name", code: "custom", message: "name_taken" }],
  });

/** The team's tags by name, with the number of envelopes (not templates) carrying each. */
export async function listTags(deps: WorkspaceDeps, member: Member): Promise<Tag[]> {
  if (!member.ability.can("read", teamSubject(member), "tags")) return [];
  return tagsOf(deps.db, member.teamId);
}

async function tagsOf(db: Kysely<Database>, teamId: string, tagId?: string): Promise<Tag[]> {
  let query = db
    .selectFrom("tag")
    .selectAll("tag")
    .select((eb) =>
      eb
        .selectFrom("envelopeTag")
        .innerJoin("envelope", "envelope.id", "envelopeTag.envelopeId")
        .select((inner) => inner.fn.countAll<string>().as("n"))
        .whereRef("envelopeTag.tagId", "=", "tag.id")
        // Templates carry tags too; the count is of envelopes.
        .where("envelope.kind", "=", "envelope")
        .as("envelopeCount"),
    )
    .where("tag.teamId", "=", teamId);
  if (tagId !== undefined) query = query.where("tag.id", "=", tagId);
  const rows = await query.orderBy("tag.name").execute();
  return rows.map((row) => ({
    uuid: row.id,
    name: row.name,
    color: row.color,
    envelopeCount: Number(row.envelopeCount ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function tagOf(db: Kysely<Database>, teamId: string, tagId: string): Promise<Tag> {
  const [tag] = await tagsOf(db, teamId, tagId);
  if (tag === undefined) throw tagNotFound();
  return tag;
}

/** A tag of the team whose name no other tag of the team has (case-insensitive). */
export async function createTag(
  deps: WorkspaceDeps,
  member: Member,
  input: z.infer<typeof createTagRequestSchema>,
): Promise<Tag> {
  requirePermission(member, "update", teamSubject(member), "tags");
  const at = new Date(deps.now());
  try {
    const row = await deps.db
      .insertInto("tag")
      .values({
        teamId: member.teamId,
        name: input.name,
        color: input.color,
        createdAt: at,
        updatedAt: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return await tagOf(deps.db, member.teamId, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Renames and recolours a tag of the team. */
export async function updateTag(
  deps: WorkspaceDeps,
  member: Member,
  input: z.infer<typeof updateTagRequestSchema>,
): Promise<Tag> {
  if (!member.ability.can("read", teamSubject(member), "tags")) throw tagNotFound();
  requirePermission(member, "update", teamSubject(member), "tags");
  try {
    await deps.db.transaction().execute(async (trx) => {
      const tag = await lockTagRow(trx, member.teamId, input.tagUuid);
      if (tag === undefined) throw tagNotFound();
      await trx
        .updateTable("tag")
        .set({ name: input.name, color: input.color, updatedAt: new Date(deps.now()) })
        .where("id", "=", tag.id)
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return tagOf(deps.db, member.teamId, input.tagUuid);
}

/** Deletes a tag of the team: it comes off every envelope. */
export async function deleteTag(deps: WorkspaceDeps, member: Member, tagId: string): Promise<void> {
  if (!member.ability.can("read", teamSubject(member), "tags")) throw tagNotFound();
  requirePermission(member, "update", teamSubject(member), "tags");
  await deps.db.transaction().execute(async (trx) => {
    const tag = await lockTagRow(trx, member.teamId, tagId);
    if (tag === undefined) throw tagNotFound();
    await trx.deleteFrom("tag").where("id", "=", tag.id).execute();
  });
}
