import { visibleEnvelopes } from "../envelopes/visible-envelopes";
import type { listTemplatesRequestSchema, TemplateSummary } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { z } from "zod";
import type { Database, EnvelopeRow } from "../db/database";
import { templateSubject } from "../envelopes/envelope-access";
import { type Member } from "../membership/members";
import { decodeCursor, encodeCursor } from "../db/keyset-cursor";
import { toTemplateSummaries } from "./template-views";

/** `text` as a LIKE pattern that matches it literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A page of the member's templates (their team's, in workspaces they belong to), newest change
 * first (keyset pagination on updated_at, id), by status, workspace, tag and part of the title.
 * With a role that reads templates under conditions, rows it may not read are left out.
 */
export async function listTemplates(
  { db }: { db: Kysely<Database> },
  member: Member,
  input: z.infer<typeof listTemplatesRequestSchema>,
): Promise<{ templates: TemplateSummary[]; nextCursor: string | null }> {
  if (!member.ability.can("read", "Template")) return { templates: [], nextCursor: null };
  let query = visibleEnvelopes(db, member, "template");
  if (input.status !== undefined) query = query.where("envelope.templateStatus", "=", input.status);
  if (input.workspaceUuid !== undefined) {
    query = query.where("envelope.workspaceId", "=", input.workspaceUuid);
  }
  const { tagUuid, search } = input;
  if (tagUuid !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("envelopeTag")
          .select("envelopeTag.tagId")
          .whereRef("envelopeTag.envelopeId", "=", "envelope.id")
          .where("envelopeTag.tagId", "=", tagUuid),
      ),
    );
  }
  if (search !== undefined && search !== "") {
    query = query.where(sql<boolean>`envelope.title ILIKE ${containsPattern(search)}`);
  }
  if (input.cursor !== undefined) {
    const cursor = decodeCursor(input.cursor);
    query = query.where(
      sql<boolean>`(envelope.updated_at, envelope.id) < (${cursor.updatedAt}, ${cursor.id}::uuid)`,
    );
  }
  const rows = await query
    .orderBy("envelope.updatedAt", "desc")
    .orderBy("envelope.id", "desc")
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const conditional = member.ability
    .rulesFor("read", "Template")
    .some((rule) => rule.conditions !== undefined);
  const shown = conditional
    ? page.filter((row: EnvelopeRow) => member.ability.can("read", templateSubject(row)))
    : page;
  return {
    templates: await toTemplateSummaries(db, shown),
    nextCursor: rows.length > input.limit && last !== undefined ? encodeCursor(last) : null,
  };
}
