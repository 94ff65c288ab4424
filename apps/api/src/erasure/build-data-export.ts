import { DATA_EXPORT_MAX_ENVELOPES, DATA_EXPORT_TTL_DAYS } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { DocumentWorkerError, writeDataExportOffThread } from "../documents/worker-pool";
import { UnrecoverableJobError } from "../jobs/job-worker";
import type { DataExportRows } from "../documents/data-export-file";
import type { ErasureDeps } from "./erasure-deps";

const DAY_MS = 24 * 60 * 60_000;

/**
 * The largest JSON file of an export, in bytes: far above what DATA_EXPORT_MAX_ENVELOPES
 * envelopes take (about 1 KB each with their documents and recipients).
 */
export const DATA_EXPORT_MAX_FILE_BYTES = 64 * 1024 * 1024;

type BuildDeps = Pick<ErasureDeps, "db" | "blobStore" | "logger" | "now"> & {
  /** The largest JSON file (DATA_EXPORT_MAX_FILE_BYTES unless given: tests). */
  maxFileBytes?: number;
};

/** The blob key of an export's JSON file. */
export function dataExportBlobKey(exportId: string): string {
  return `exports/${exportId}/data.json`;
}

/**
 * Prepares the pending export `exportId` (the `build-data-export` job): the person's profile,
 * sessions (no access keys), passkeys (no keys), memberships, and the envelopes they sent (in
 * their current team) or signed, DATA_EXPORT_MAX_ENVELOPES at most, as one JSON file; and the list
 * of the PDFs they may see (the documents of the envelopes they sent, the signed documents of the
 * completed envelopes they signed), DATA_EXPORT_MAX_FILES at most, read from the envelopes' files
 * when downloaded. Nothing is done for an export that is not pending (a job run twice).
 *
 * The event loop only reads the rows; the file is written in a document worker thread
 * (`writeDataExportOffThread`), within the pool's time limit and heap cap and at most
 * `maxFileBytes`. A file over that size, or a worker out of heap, cannot do better on another
 * try: the job gives up at once with the reason as its last error, and the export is failed.
 */
export async function buildDataExport(deps: BuildDeps, exportId: string): Promise<void> {
  const row = await deps.db
    .selectFrom("dataExport")
    .select(["id", "userId", "status"])
    .where("id", "=", exportId)
    .executeTakeFirst();
  if (row?.status !== "pending") return;
  const at = new Date(deps.now());
  const rows = await collect(deps.db, row.userId, at);
  const data = await writeDataExportOffThread(
    rows,
    deps.maxFileBytes ?? DATA_EXPORT_MAX_FILE_BYTES,
  ).catch((error: unknown) => {
    if (error instanceof Error && error.name === "DataExportTooLargeError") {
      throw new UnrecoverableJobError(error.message);
    }
    if (error instanceof DocumentWorkerError && error.reason === "out_of_memory") {
      throw new UnrecoverableJobError(`The data export's file: ${error.message}`);
    }
    throw error;
  });
  const key = dataExportBlobKey(exportId);
  await deps.blobStore.put(key, data.file, { contentType: "application/json" });
  await deps.db
    .updateTable("dataExport")
    .set({
      status: "ready",
      blobKey: key,
      files: JSON.stringify(data.files),
      truncated: data.truncated,
      readyAt: at,
      expiresAt: new Date(at.getTime() + DATA_EXPORT_TTL_DAYS * DAY_MS),
    })
    .where("id", "=", exportId)
    .where("status", "=", "pending")
    .execute();
  deps.logger.info({ exportId, files: data.files.length }, "data export ready");
}

/** Marks the export failed (its job gave up). */
export async function failDataExport(db: Kysely<Database>, exportId: string): Promise<void> {
  await db
    .updateTable("dataExport")
    .set({ status: "failed" })
    .where("id", "=", exportId)
    .where("status", "=", "pending")
    .execute();
}

/** The rows of the person's export: queries only, the work is the worker's. */
async function collect(
  db: Kysely<Database>,
  userId: string,
  exportedAt: Date,
): Promise<DataExportRows> {
  const user = await db
    .selectFrom("appUser")
    .select([
      "email",
      "firstname",
      "lastname",
      "phone",
      "preferredLanguage",
      "emailVerifiedAt",
      "createdAt",
    ])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const sessions = await db
    .selectFrom("userSession")
    .select(["ipAddress", "platform", "userAgent", "method", "createdAt", "lastUsedAt", "endedAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
  const passkeys = await db
    .selectFrom("passkey")
    .select(["deviceType", "backedUp", "transports", "createdAt", "lastUsedAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
  const membership = await db
    .selectFrom("teamMember")
    .innerJoin("team", "team.id", "teamMember.teamId")
    .innerJoin("role", "role.id", "teamMember.roleId")
    .select(["team.id as teamId", "team.name as team", "role.name as role", "teamMember.joinedAt"])
    .where("teamMember.userId", "=", userId)
    .executeTakeFirst();
  const workspaces = await db
    .selectFrom("workspaceMember")
    .innerJoin("workspace", "workspace.id", "workspaceMember.workspaceId")
    .select(["workspace.name", "workspaceMember.joinedAt"])
    .where("workspaceMember.userId", "=", userId)
    .orderBy("workspace.name")
    .execute();

  // The envelopes they sent, in their current team (those of a team they left are its own now).
  const sent =
    membership === undefined
      ? []
      : await db
          .selectFrom("envelope")
          .select([
            "id",
            "title",
            "status",
            "createdAt",
            "sentAt",
            "completedAt",
            "canceledAt",
            "documentsDeletedAt",
          ])
          .where("ownerUserId", "=", userId)
          .where("teamId", "=", membership.teamId)
          .where("kind", "=", "envelope")
          .orderBy("createdAt", "desc")
          .limit(DATA_EXPORT_MAX_ENVELOPES + 1)
          .execute();
  const signed = await db
    .selectFrom("recipient")
    .innerJoin("envelope", "envelope.id", "recipient.envelopeId")
    .innerJoin("team", "team.id", "envelope.teamId")
    .select([
      "envelope.id",
      "envelope.title",
      "envelope.status",
      "envelope.completedAt",
      "envelope.documentsDeletedAt",
      "team.name as team",
      "recipient.status as recipientStatus",
      "recipient.signedAt",
    ])
    .where(sql<string>`lower(recipient.email)`, "=", user.email.toLowerCase())
    .where("envelope.kind", "=", "envelope")
    .where("envelope.status", "!=", "draft")
    .orderBy("envelope.createdAt", "desc")
    .limit(DATA_EXPORT_MAX_ENVELOPES + 1)
    .execute();
  const truncated = sent.length + signed.length > DATA_EXPORT_MAX_ENVELOPES;
  const sentKept = sent.slice(0, DATA_EXPORT_MAX_ENVELOPES);
  const signedKept = signed.slice(0, DATA_EXPORT_MAX_ENVELOPES - sentKept.length);

  const envelopeIds = [...new Set([...sentKept, ...signedKept].map((envelope) => envelope.id))];
  const documents =
    envelopeIds.length === 0
      ? []
      : await db
          .selectFrom("envelopeDocument")
          .select(["envelopeId", "filename", "sha256", "blobKey", "sealedBlobKey", "sealedSha256"])
          .where("envelopeId", "in", envelopeIds)
          .orderBy("envelopeId")
          .orderBy("position")
          .execute();
  const recipients =
    sentKept.length === 0
      ? []
      : await db
          .selectFrom("recipient")
          .select(["envelopeId", "email", "firstname", "lastname", "status", "signedAt"])
          .where(
            "envelopeId",
            "in",
            sentKept.map((envelope) => envelope.id),
          )
          .orderBy("position")
          .execute();
  return {
    exportedAt,
    user,
    sessions,
    passkeys,
    membership:
      membership === undefined
        ? null
        : { team: membership.team, role: membership.role, joinedAt: membership.joinedAt },
    workspaces,
    sent: sentKept,
    signed: signedKept,
    documents,
    recipients,
    truncated,
  };
}
