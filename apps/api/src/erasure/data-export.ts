import {
  DATA_EXPORT_PER_DAY,
  type BinaryFile,
  type DataExport,
  type DownloadDataExportRequest,
} from "@paraphe/api-sdk/contract";
import type { Kysely, Selectable } from "kysely";
import type { DataExportTable, Database } from "../db/database";
import { binaryFile } from "../envelopes/document-files";
import { AppError } from "../errors/app-error";
import { enqueueJob } from "../jobs/queue";
import type { ErasureDeps } from "./erasure-deps";
import { buildDataExportJob } from "./job-definitions";

const DAY_MS = 24 * 60 * 60_000;

type Row = Selectable<DataExportTable>;

function view(row: Row): DataExport {
  return {
    uuid: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    truncated: row.truncated,
    files:
      row.status === "ready"
        ? row.files.map((file, index) => ({
            index,
            filename: file.filename,
            envelopeTitle: file.envelopeTitle,
          }))
        : [],
  };
}

/** The person's latest export that has not expired (pending, ready or failed), if any. */
async function latestExport(db: Kysely<Database>, userId: string, at: Date): Promise<Row | null> {
  const row = await db
    .selectFrom("dataExport")
    .selectAll()
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", at)]))
    .orderBy("requestedAt", "desc")
    .executeTakeFirst();
  return row ?? null;
}

/** POST /user/data-export: the latest export that has not expired. */
export async function getDataExport(
  deps: Pick<ErasureDeps, "db" | "now">,
  userId: string,
): Promise<DataExport | null> {
  const row = await latestExport(deps.db, userId, new Date(deps.now()));
  return row === null ? null : view(row);
}

/**
 * POST /user/request-data-export: a new export, prepared by a job (the pending one when there is
 * one); at most DATA_EXPORT_PER_DAY in 24 hours (RATE_LIMITED). The person's expired exports go
 * first, files included.
 */
export async function requestDataExport(
  deps: Pick<ErasureDeps, "db" | "blobStore" | "now" | "wakeJobs">,
  userId: string,
): Promise<DataExport> {
  const at = new Date(deps.now());
  await deleteExpiredExports(deps, at, userId);
  const row = await deps.db.transaction().execute(async (trx) => {
    // One request at a time per person: the account's row is the lock.
    await trx.selectFrom("appUser").select("id").where("id", "=", userId).forUpdate().execute();
    const pending = await trx
      .selectFrom("dataExport")
      .selectAll()
      .where("userId", "=", userId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (pending !== undefined) return pending;
    const recent = await trx
      .selectFrom("dataExport")
      .select("id")
      .where("userId", "=", userId)
      .where("requestedAt", ">", new Date(at.getTime() - DAY_MS))
      .execute();
    if (recent.length >= DATA_EXPORT_PER_DAY) {
      throw new AppError("RATE_LIMITED", {
        message: `At most ${DATA_EXPORT_PER_DAY} exports can be asked for in 24 hours.`,
        suggestion: "Download the latest export, or ask again tomorrow.",
      });
    }
    const created = await trx
      .insertInto("dataExport")
      .values({ userId, requestedAt: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, buildDataExportJob, { exportId: created.id });
    return created;
  });
  deps.wakeJobs();
  return view(row);
}

/**
 * POST /user/download-data-export: the JSON file, or one of the PDFs it lists, of the caller's own
 * ready export until it expires; NOT_FOUND otherwise (another person's export included).
 */
export async function downloadDataExport(
  deps: Pick<ErasureDeps, "db" | "blobStore" | "now">,
  userId: string,
  input: DownloadDataExportRequest,
): Promise<BinaryFile> {
  const row = await deps.db
    .selectFrom("dataExport")
    .selectAll()
    .where("id", "=", input.exportUuid)
    .where("userId", "=", userId)
    .where("status", "=", "ready")
    .where("expiresAt", ">", new Date(deps.now()))
    .executeTakeFirst();
  if (row?.blobKey == null) {
    throw new AppError("NOT_FOUND", { message: "There is no such export, or it has expired." });
  }
  if (input.file === undefined) {
    const date = row.requestedAt.toISOString().slice(0, 10);
    return binaryFile(deps.blobStore, row.blobKey, `paraphe-data-${date}.json`);
  }
  const file = row.files[input.file];
  if (file === undefined) throw new AppError("NOT_FOUND", { message: "There is no such file." });
  return binaryFile(deps.blobStore, file.blobKey, file.filename);
}

/**
 * Deletes expired exports with their JSON files: the person's (`userId`), or everyone's. The
 * PDFs an export lists are the envelopes' own files, never copied.
 */
export async function deleteExpiredExports(
  deps: Pick<ErasureDeps, "db" | "blobStore">,
  at: Date,
  userId?: string,
): Promise<number> {
  let query = deps.db
    .selectFrom("dataExport")
    .select(["id", "blobKey"])
    .where("expiresAt", "<=", at);
  if (userId !== undefined) query = query.where("userId", "=", userId);
  const expired = await query.limit(500).execute();
  for (const row of expired) {
    if (row.blobKey !== null) await deps.blobStore.delete(row.blobKey);
    await deps.db.deleteFrom("dataExport").where("id", "=", row.id).execute();
  }
  return expired.length;
}
