import { sql, type Kysely } from "kysely";
import { recordUsageEvent } from "../billing/subscriptions";
import type { Database } from "../db/database";
import { deleteEnvelopeRow } from "../envelopes/delete-draft";
import { parseSizedPreviewKey } from "../envelopes/file-keys";
import { ENDED_STATUSES as ENDED } from "../envelopes/retention-dates";
import type { RetentionDeps } from "./retention-deps";

/** Envelopes one run handles at most; a full batch enqueues the next run at once. */
export const RETENTION_BATCH = 100;

/**
 * When an envelope ended: completed, canceled (or expired), declined (the last decline), or its
 * last change for want of those.
 */
function endedAt() {
  return sql<Date>`coalesce(envelope.completed_at, envelope.canceled_at,
    (SELECT max(r.declined_at) FROM recipient r WHERE r.envelope_id = envelope.id),
    envelope.updated_at)`;
}

interface Due {
  id: string;
  teamId: string;
  scope: "documents" | "everything";
}

/** Up to `limit` envelopes whose team's policy is due, oldest id first (a stable order). */
async function dueEnvelopes(db: Kysely<Database>, at: Date, limit: number): Promise<Due[]> {
  return db
    .selectFrom("envelope")
    .innerJoin("teamRetention", "teamRetention.teamId", "envelope.teamId")
    .select(["envelope.id", "envelope.teamId", "teamRetention.scope"])
    .where("envelope.kind", "=", "envelope")
    .where("envelope.status", "in", ENDED)
    .where((eb) =>
      eb.or([
        eb("envelope.documentsDeletedAt", "is", null),
        eb("teamRetention.scope", "=", "everything"),
      ]),
    )
    .where(
      sql<boolean>`${endedAt()} <= ${at.toISOString()}::timestamptz - make_interval(days => team_retention.days)`,
    )
    .orderBy("envelope.id")
    .limit(limit)
    .execute();
}

/**
 * One run of the retention pass: up to `limit` due envelopes, each deleted on its own (a failure
 * is logged and the others still go; the run then throws so that the job is retried). Every
 * deletion is recorded in the team's usage log. Answers how many went and whether the batch was
 * full (the caller then runs the next batch). A deletion is idempotent: files are removed before
 * the row that names them is changed, so a run that stops half-way is finished by the next.
 */
export async function runRetentionPass(
  deps: RetentionDeps,
  limit = RETENTION_BATCH,
): Promise<{ deleted: number; more: boolean }> {
  const at = new Date(deps.now());
  const due = await dueEnvelopes(deps.db, at, limit);
  const failures: unknown[] = [];
  let deleted = 0;
  for (const envelope of due) {
    try {
      const done =
        envelope.scope === "everything"
          ? await deleteEverything(deps, envelope, at)
          : await deleteDocuments(deps, envelope, at);
      if (done) deleted++;
    } catch (error) {
      deps.logger.error({ err: error, envelopeId: envelope.id }, "retention could not delete");
      failures.push(error);
    }
  }
  if (deleted > 0) deps.logger.info({ deleted }, "retention pass");
  if (failures.length > 0) {
    throw new AggregateError(
      failures,
      `${failures.length} envelope(s) failed in the retention pass`,
    );
  }
  return { deleted, more: due.length === limit };
}

/**
 * The keys of an envelope's documents: originals, current revisions (advanced signatures), sealed
 * copies, page previews and the files its signers attached.
 */
async function documentKeys(db: Kysely<Database>, envelopeId: string): Promise<string[]> {
  const documents = await db
    .selectFrom("envelopeDocument")
    .select(["id", "blobKey", "revisionBlobKey", "sealedBlobKey"])
    .where("envelopeId", "=", envelopeId)
    .execute();
  const previews =
    documents.length === 0
      ? []
      : await db
          .selectFrom("documentPreview")
          .select("blobKey")
          .where(
            "documentId",
            "in",
            documents.map((document) => document.id),
          )
          .execute();
  const attachments = await db
    .selectFrom("signerAttachment")
    .select("blobKey")
    .where("envelopeId", "=", envelopeId)
    .execute();
  return [
    ...attachments.map((attachment) => attachment.blobKey),
    ...documents.flatMap((document) =>
      [document.blobKey, document.revisionBlobKey, document.sealedBlobKey].filter(
        (key) => key !== null,
      ),
    ),
    ...previews.map((preview) => preview.blobKey),
  ];
}

async function deleteDocuments(deps: RetentionDeps, envelope: Due, at: Date): Promise<boolean> {
  const keys = await documentKeys(deps.db, envelope.id);
  // The pages' previews at the narrower widths the signing page asked for (no row names them).
  for await (const listing of deps.blobStore.list(`envelopes/${envelope.id}/documents/`)) {
    if (parseSizedPreviewKey(listing.key) !== null) keys.push(listing.key);
  }
  // Files first: a run stopped after them leaves the envelope due, and the next run finishes.
  await Promise.all(keys.map((key) => deps.blobStore.delete(key)));
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("envelope")
      .select(["documentsDeletedAt"])
      .where("id", "=", envelope.id)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined || row.documentsDeletedAt !== null) return false;
    const documents = trx
      .selectFrom("envelopeDocument")
      .select("id")
      .where("envelopeId", "=", envelope.id);
    await trx.deleteFrom("documentPreview").where("documentId", "in", documents).execute();
    await trx
      .updateTable("envelope")
      .set({ documentsDeletedAt: at })
      .where("id", "=", envelope.id)
      .execute();
    await recordUsageEvent(trx, {
      teamId: envelope.teamId,
      at,
      type: "retention_deleted",
      details: { envelopeId: envelope.id, scope: "documents", files: keys.length },
      userId: null,
    });
    return true;
  });
}

async function deleteEverything(deps: RetentionDeps, envelope: Due, at: Date): Promise<boolean> {
  const gone = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("envelope")
      .select("id")
      .where("id", "=", envelope.id)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined) return false;
    await deleteEnvelopeRow(trx, envelope.id);
    await recordUsageEvent(trx, {
      teamId: envelope.teamId,
      at,
      type: "retention_deleted",
      details: { envelopeId: envelope.id, scope: "everything" },
      userId: null,
    });
    return true;
  });
  // Every file under the envelope's folder; what a crash leaves the orphan-file sweep removes.
  const keys: string[] = [];
  for await (const listing of deps.blobStore.list(`envelopes/${envelope.id}/`)) {
    keys.push(listing.key);
  }
  await Promise.all(keys.map((key) => deps.blobStore.delete(key)));
  return gone;
}
