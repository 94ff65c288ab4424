import { asSubject } from "@paraphe/permissions";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database, EnvelopeRow } from "../db/database";
import { type Member } from "../membership/members";
import { toSummaries } from "./views";
import { readableBy, readDependsOnRow, visibleEnvelopes } from "./visible-envelopes";
import { inboxPending, type RequestReach } from "./signing-requests";

/**
 * Counts of the member's envelopes, their pending requests and the 5 most recent envelopes.
 *
 * The counts are sums of `envelope_status_count` rows (kept by triggers as envelopes change): a
 * bounded number of rows, one per workspace, owner and status, whatever the envelopes' number. A
 * role that reads envelopes under conditions on the fields those rows hold (team, workspace,
 * owner, status) has each row checked with its ability; conditions on other fields (the title,
 * the id...) are checked on every envelope, as the list does.
 */
export async function dashboard(
  { db }: { db: Kysely<Database> },
  member: Member,
  reach: RequestReach = { acrossTeams: false },
) {
  const readable = member.ability.can("read", "Envelope");
  if (readable && readDependsOnRow(member) && !conditionsOnCountedFields(member)) {
    return dashboardOfReadableRows(db, member, reach);
  }
  const counts = readable ? await countsByStatus(db, member) : new Map<string, number>();
  const count = (...statuses: string[]) =>
    statuses.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
  const recent = readable ? await recentReadable(db, member, 5) : [];
  return {
    pendingSignature: count("signing", "approving"),
    inProgress: count("draft", "signing", "approving"),
    completed: count("complete"),
    drafts: count("draft"),
    inboxPending: await inboxPending(db, member, reach),
    recent: await toSummaries(db, recent),
  };
}

/** The fields of an envelope that `envelope_status_count` keeps, as role conditions name them. */
const COUNTED_FIELDS = new Set(["teamId", "workspaceId", "ownerId", "status"]);

/** The field names a CASL (MongoDB-style) condition reads: every key that is not an operator. */
function conditionFieldNames(value: unknown, names: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) conditionFieldNames(item, names);
  } else if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    for (const [key, inner] of Object.entries(value)) {
      if (!key.startsWith("$")) names.add(key);
      conditionFieldNames(inner, names);
    }
  }
  return names;
}

/** Whether every condition of the member's Envelope read rules names counted fields only. */
function conditionsOnCountedFields(member: Member): boolean {
  return member.ability
    .rulesFor("read", "Envelope")
    .every((rule) =>
      [...conditionFieldNames(rule.conditions ?? {})].every((name) => COUNTED_FIELDS.has(name)),
    );
}

/** The member's visible envelopes by status, from the counts of their workspaces. */
async function countsByStatus(db: Kysely<Database>, member: Member): Promise<Map<string, number>> {
  const inMemberWorkspaces = (eb: ExpressionBuilder<Database, "envelopeStatusCount">) =>
    eb.exists(
      eb
        .selectFrom("workspaceMember")
        .select("workspaceMember.userId")
        .whereRef("workspaceMember.workspaceId", "=", "envelopeStatusCount.workspaceId")
        .where("workspaceMember.userId", "=", member.userId),
    );
  const counts = new Map<string, number>();
  if (!readDependsOnRow(member)) {
    const rows = await db
      .selectFrom("envelopeStatusCount")
      .select(["status", (eb) => eb.fn.sum<string>("count").as("count")])
      .where("teamId", "=", member.teamId)
      .where(inMemberWorkspaces)
      .groupBy("status")
      .execute();
    for (const row of rows) counts.set(row.status, Number(row.count));
    return counts;
  }
  const rows = await db
    .selectFrom("envelopeStatusCount")
    .select(["teamId", "workspaceId", "ownerUserId", "status", "count"])
    .where("teamId", "=", member.teamId)
    .where(inMemberWorkspaces)
    .execute();
  for (const row of rows) {
    const subject = asSubject("Envelope", {
      teamId: row.teamId,
      workspaceId: row.workspaceId,
      ownerId: row.ownerUserId,
      status: row.status,
    });
    if (member.ability.can("read", subject)) {
      counts.set(row.status, (counts.get(row.status) ?? 0) + Number(row.count));
    }
  }
  return counts;
}

/** The `limit` most recently changed envelopes the member may read, read a page at a time. */
async function recentReadable(
  db: Kysely<Database>,
  member: Member,
  limit: number,
): Promise<EnvelopeRow[]> {
  const byRow = readDependsOnRow(member);
  const pageSize = byRow ? 100 : limit;
  const found: EnvelopeRow[] = [];
  let after: EnvelopeRow | undefined;
  for (;;) {
    let query = visibleEnvelopes(db, member);
    if (after !== undefined) {
      const { updatedAt, id } = after;
      query = query.where(
        sql<boolean>`(envelope.updated_at, envelope.id) < (${updatedAt}, ${id}::uuid)`,
      );
    }
    const rows = await query
      .orderBy("envelope.updatedAt", "desc")
      .orderBy("envelope.id", "desc")
      .limit(pageSize)
      .execute();
    found.push(...(byRow ? rows.filter(readableBy(member)) : rows));
    after = rows.at(-1);
    if (found.length >= limit || rows.length < pageSize) return found.slice(0, limit);
  }
}

/** The dashboard of a role that reads envelopes under conditions on other fields: row by row. */
async function dashboardOfReadableRows(db: Kysely<Database>, member: Member, reach: RequestReach) {
  const rows = (
    await visibleEnvelopes(db, member)
      .orderBy("envelope.updatedAt", "desc")
      .orderBy("envelope.id", "desc")
      .execute()
  ).filter(readableBy(member));
  const count = (...statuses: string[]) =>
    rows.filter((row) => statuses.includes(row.status)).length;
  return {
    pendingSignature: count("signing", "approving"),
    inProgress: count("draft", "signing", "approving"),
    completed: count("complete"),
    drafts: count("draft"),
    inboxPending: await inboxPending(db, member, reach),
    recent: await toSummaries(db, rows.slice(0, 5)),
  };
}
