import type { listEnvelopesRequestSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { EnvelopeListFilter, EnvelopeSummary } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { Database, EnvelopeRow } from "../db/database";
import { type Member } from "../membership/members";
import { toSummaries } from "./views";
import { readableBy, readDependsOnRow, visibleEnvelopes } from "./visible-envelopes";
import { decodeCursor, encodeCursor } from "../db/keyset-cursor";

const STATUSES_OF_FILTER: Record<EnvelopeListFilter, readonly EnvelopeRow["status"][] | null> = {
  all: null,
  draft: ["draft"],
  signing: ["signing", "approving"],
  complete: ["complete"],
};

/** A page of the envelope list, newest change first (keyset pagination on updated_at, id). */
export async function listEnvelopes(
  { db }: { db: Kysely<Database> },
  member: Member,
  input: z.infer<typeof listEnvelopesRequestSchema>,
): Promise<{ envelopes: EnvelopeSummary[]; nextCursor: string | null }> {
  if (!member.ability.can("read", "Envelope")) return { envelopes: [], nextCursor: null };
  let query = visibleEnvelopes(db, member);
  const statuses = STATUSES_OF_FILTER[input.filter];
  if (statuses !== null) query = query.where("envelope.status", "in", statuses);
  if (input.workspaceUuid !== undefined)
    query = query.where("envelope.workspaceId", "=", input.workspaceUuid);
  const { tagUuid } = input;
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
  // Rows the role may not read are left out of the page; the cursor still follows the rows read.
  const shown = readDependsOnRow(member) ? page.filter(readableBy(member)) : page;
  return {
    envelopes: await toSummaries(db, shown),
    nextCursor: rows.length > input.limit && last !== undefined ? encodeCursor(last) : null,
  };
}
