import type {
  BulkSendRowError,
  BulkSendStatusResponse,
  BulkSendSummary,
  ListBulkSendsResponse,
} from "@paraphe/api-sdk/contract";
import { asSubject } from "@paraphe/permissions";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { displayName, type Member } from "../membership/members";
import { decodeCursor, encodeKeysetCursor } from "../db/keyset-cursor";
import { AppError } from "../errors/app-error";
import { bulkSendRowProblemCell } from "./bulk-send-row";
import { findTemplateForMember } from "./template-access";

const bulkSendNotFound = (): AppError =>
  new AppError("NOT_FOUND", { message: "This bulk send does not exist or you cannot see it." });

function summaryQuery(db: Kysely<Database>) {
  return db
    .selectFrom("bulkSend")
    .innerJoin("envelope as template", "template.id", "bulkSend.templateId")
    .innerJoin("appUser as creator", "creator.id", "bulkSend.creatorUserId")
    .select([
      "bulkSend.id",
      "bulkSend.teamId",
      "bulkSend.status",
      "bulkSend.total",
      "bulkSend.sentCount",
      "bulkSend.errorCount",
      "bulkSend.createdAt",
      "bulkSend.updatedAt",
      "template.id as templateId",
      "template.title as templateTitle",
      "template.workspaceId",
      "template.ownerUserId as templateOwnerId",
      "template.templateStatus",
      "creator.email as creatorEmail",
      "creator.firstname as creatorFirstname",
      "creator.lastname as creatorLastname",
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>["executeTakeFirstOrThrow"]>>;

function toSummary(row: SummaryRow): BulkSendSummary {
  return {
    uuid: row.id,
    templateUuid: row.templateId,
    templateTitle: row.templateTitle,
    workspaceUuid: row.workspaceId,
    creator: {
      name: displayName({
        firstname: row.creatorFirstname,
        lastname: row.creatorLastname,
        email: row.creatorEmail,
      }),
      email: row.creatorEmail,
    },
    status: row.status,
    total: row.total,
    sent: row.sentCount,
    failed: row.errorCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A bulk send's summary, whoever asks (the caller checked the access). */
export async function loadBulkSendSummary(
  db: Kysely<Database>,
  bulkSendId: string,
): Promise<BulkSendSummary | undefined> {
  const row = await summaryQuery(db).where("bulkSend.id", "=", bulkSendId).executeTakeFirst();
  return row === undefined ? undefined : toSummary(row);
}

/**
 * `/template/bulk-send-status`: a bulk send of the member's team whose template they may read (in
 * a workspace they belong to), with its rows from `fromRow`; NOT_FOUND otherwise.
 */
export async function bulkSendStatus(
  deps: { db: Kysely<Database> },
  member: Member,
  input: { bulkSendUuid: string; fromRow: number; limit: number },
): Promise<BulkSendStatusResponse> {
  const row = await summaryQuery(deps.db)
    .where("bulkSend.id", "=", input.bulkSendUuid)
    .where("bulkSend.teamId", "=", member.teamId)
    .executeTakeFirst();
  if (row === undefined) throw bulkSendNotFound();
  try {
    await findTemplateForMember(deps, member, row.templateId, "read");
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw bulkSendNotFound();
    throw error;
  }
  const rows = await deps.db
    .selectFrom("bulkSendRow")
    .select(["rowIndex", "status", "envelopeId", "reason", "input"])
    .where("bulkSendId", "=", row.id)
    .where("rowIndex", ">=", input.fromRow)
    .orderBy("rowIndex")
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const next = rows[input.limit];
  return {
    bulkSend: toSummary(row),
    rows: page.map((result) => {
      const reason = result.reason as BulkSendRowError | null;
      const cell = reason === null ? null : bulkSendRowProblemCell(result.input, reason);
      return {
        row: result.rowIndex,
        status: result.status,
        envelopeUuid: result.envelopeId,
        reason,
        column: cell?.column ?? null,
        value: cell?.value ?? null,
      };
    }),
    nextRow: next === undefined ? null : next.rowIndex,
  };
}

/**
 * `/template/list-bulk-sends`: the team's bulk sends, newest first (keyset pagination on
 * created_at, id), whose template the member may read in a workspace they belong to (optionally of
 * one template). A page may show fewer than `limit` when a conditional role hides some of its rows;
 * the cursor still moves past them.
 */
export async function listBulkSends(
  { db }: { db: Kysely<Database> },
  member: Member,
  input: { templateUuid?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<ListBulkSendsResponse> {
  if (!member.ability.can("read", "Template")) return { bulkSends: [], nextCursor: null };
  let query = summaryQuery(db)
    .where("bulkSend.teamId", "=", member.teamId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("workspaceMember")
          .select("workspaceMember.userId")
          .whereRef("workspaceMember.workspaceId", "=", "template.workspaceId")
          .where("workspaceMember.userId", "=", member.userId),
      ),
    );
  if (input.templateUuid !== undefined) {
    query = query.where("bulkSend.templateId", "=", input.templateUuid);
  }
  if (input.cursor !== undefined) {
    const cursor = decodeCursor(input.cursor);
    // The stored time has microseconds, the cursor milliseconds: the row's own time is used while
    // it exists, so rows created within the same millisecond are neither skipped nor repeated.
    query = query.where(
      sql<boolean>`(bulk_send.created_at, bulk_send.id) < (COALESCE((SELECT b.created_at FROM bulk_send b WHERE b.id = ${cursor.id}::uuid), ${cursor.updatedAt}), ${cursor.id}::uuid)`,
    );
  }
  const rows = await query
    .orderBy("bulkSend.createdAt", "desc")
    .orderBy("bulkSend.id", "desc")
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const readable = page.filter((row) =>
    member.ability.can(
      "read",
      asSubject("Template", {
        id: row.templateId,
        teamId: row.teamId,
        workspaceId: row.workspaceId,
        ownerId: row.templateOwnerId,
        status: row.templateStatus,
        title: row.templateTitle,
      }),
    ),
  );
  return {
    bulkSends: readable.map(toSummary),
    nextCursor:
      rows.length > input.limit && last !== undefined
        ? encodeKeysetCursor(last.createdAt, last.id)
        : null,
  };
}
