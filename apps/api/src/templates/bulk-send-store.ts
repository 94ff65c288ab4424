import type { BulkSendRow, BulkSendRowError } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";

/**
 * Rows of bulk sends (`bulk_send`, `bulk_send_row`): written, loaded and locked here only. A row's
 * result and the bulk send's counts change together, in the transaction of the row.
 */

export interface NewBulkSend {
  teamId: string;
  templateId: string;
  creatorUserId: string;
  ip: string | null;
  userAgent: string | null;
  at: Date;
}

/** Writes a running bulk send and its rows (1-based, in order); answers its uuid. */
export async function insertBulkSend(
  trx: Kysely<Database>,
  bulkSend: NewBulkSend,
  rows: readonly BulkSendRow[],
): Promise<string> {
  const { id } = await trx
    .insertInto("bulkSend")
    .values({
      teamId: bulkSend.teamId,
      templateId: bulkSend.templateId,
      creatorUserId: bulkSend.creatorUserId,
      ip: bulkSend.ip,
      userAgent: bulkSend.userAgent,
      total: rows.length,
      createdAt: bulkSend.at,
      updatedAt: bulkSend.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("bulkSendRow")
    .values(
      rows.map((row, index) => ({
        bulkSendId: id,
        rowIndex: index + 1,
        input: JSON.stringify(row),
      })),
    )
    .execute();
  return id;
}

/** A bulk send with what its job needs; undefined when it no longer exists. */
export async function loadBulkSendForJob(db: Kysely<Database>, bulkSendId: string) {
  return db
    .selectFrom("bulkSend")
    .select(["id", "teamId", "templateId", "creatorUserId", "ip", "userAgent", "status"])
    .where("id", "=", bulkSendId)
    .executeTakeFirst();
}

/** The first row still to process, unlocked (the row's transaction locks it). */
export async function nextPendingRow(
  db: Kysely<Database>,
  bulkSendId: string,
): Promise<{ rowIndex: number; input: unknown } | undefined> {
  return db
    .selectFrom("bulkSendRow")
    .select(["rowIndex", "input"])
    .where("bulkSendId", "=", bulkSendId)
    .where("status", "=", "pending")
    .orderBy("rowIndex")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Locks the row while it is still pending; false when another run already recorded its result (the
 * caller then rolls back what it wrote for it).
 */
export async function lockPendingRow(
  trx: Kysely<Database>,
  bulkSendId: string,
  rowIndex: number,
): Promise<boolean> {
  const row = await trx
    .selectFrom("bulkSendRow")
    .select("rowIndex")
    .where("bulkSendId", "=", bulkSendId)
    .where("rowIndex", "=", rowIndex)
    .where("status", "=", "pending")
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a locked pending row's result and counts it. */
export async function recordRowResult(
  trx: Kysely<Database>,
  bulkSendId: string,
  rowIndex: number,
  result: { envelopeId: string } | { reason: BulkSendRowError },
  at: Date,
): Promise<void> {
  const ok = "envelopeId" in result;
  await trx
    .updateTable("bulkSendRow")
    .set(
      ok
        ? { status: "ok", envelopeId: result.envelopeId, reason: null }
        : { status: "error", envelopeId: null, reason: result.reason },
    )
    .where("bulkSendId", "=", bulkSendId)
    .where("rowIndex", "=", rowIndex)
    .execute();
  await trx
    .updateTable("bulkSend")
    .set(
      ok
        ? { sentCount: sql`sent_count + 1`, updatedAt: at }
        : { errorCount: sql`error_count + 1`, updatedAt: at },
    )
    .where("id", "=", bulkSendId)
    .execute();
}

/** Records an error for a row, in its own transaction, unless it already has a result. */
export async function recordRowError(
  db: Kysely<Database>,
  bulkSendId: string,
  rowIndex: number,
  reason: BulkSendRowError,
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await lockPendingRow(trx, bulkSendId, rowIndex)) {
      await recordRowResult(trx, bulkSendId, rowIndex, { reason }, at);
    }
  });
}

/** Marks the bulk send done once no row is pending. */
export async function finishBulkSend(
  db: Kysely<Database>,
  bulkSendId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable("bulkSend")
    .set({ status: "done", updatedAt: at })
    .where("id", "=", bulkSendId)
    .where("status", "=", "running")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("bulkSendRow")
            .select("rowIndex")
            .whereRef("bulkSendRow.bulkSendId", "=", "bulkSend.id")
            .where("bulkSendRow.status", "=", "pending"),
        ),
      ),
    )
    .execute();
}

/** The job's dedupe key for a bulk send: one pending or running job per bulk send. */
export const bulkSendJobKey = (bulkSendId: string): string => `bulk-send:${bulkSendId}`;

/**
 * Uuids of the bulk sends still running without a pending or running job (a job that was lost):
 * the job worker's sweep enqueues theirs again.
 */
export async function bulkSendsWithoutJob(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("bulkSend")
    .select("bulkSend.id")
    .where("bulkSend.status", "=", "running")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("job")
            .select("job.id")
            .where("job.dedupeKey", "=", sql<string>`'bulk-send:' || bulk_send.id::text`)
            .where("job.status", "in", ["pending", "running"]),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Reports every row still pending as `reason` and ends the bulk send (its job gave up). */
export async function failPendingRows(
  db: Kysely<Database>,
  bulkSendId: string,
  reason: BulkSendRowError,
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable("bulkSendRow")
      .set({ status: "error", reason })
      .where("bulkSendId", "=", bulkSendId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    await trx
      .updateTable("bulkSend")
      .set({
        status: "done",
        errorCount: sql`error_count + ${Number(failed.numUpdatedRows)}`,
        updatedAt: at,
      })
      .where("id", "=", bulkSendId)
      .execute();
  });
}
