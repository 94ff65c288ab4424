import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { enqueueJob } from "../jobs/queue";
import { requireEnvelopeRow } from "./envelope-store";
import { sealEnvelopeJob } from "./job-definitions";

/**
 * The seal-envelope job gave up after its last attempt: the envelope (still being signed) records
 * when and why, so that the sweep leaves it alone and the sender sees it and can retry.
 */
export async function markSealFailed(
  db: Kysely<Database>,
  envelopeId: string,
  lastError: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable("envelope")
    .set({ sealFailedAt: now, sealError: lastError.slice(0, 2000), updatedAt: now })
    .where("id", "=", envelopeId)
    .where("status", "=", "signing")
    .execute();
}

/**
 * `POST /envelope/retry-seal`: clears the sealing error of an envelope whose seal job gave up and
 * enqueues the job again (fresh attempts), in one transaction; CONFLICT for any other envelope.
 */
export async function retrySeal(
  { db }: { db: Kysely<Database> },
  envelopeId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const envelope = await requireEnvelopeRow(trx, envelopeId);
    if (envelope.status !== "signing" || envelope.sealFailedAt === null) {
      throw new AppError("CONFLICT", {
        message: "Only an envelope whose sealing failed can be retried.",
        suggestion: "Reload the envelope.",
        reason: "seal_not_failed",
      });
    }
    await trx
      .updateTable("envelope")
      .set({ sealFailedAt: null, sealError: null, updatedAt: now })
      .where("id", "=", envelopeId)
      .execute();
    await enqueueJob(
      trx,
      sealEnvelopeJob,
      { envelopeId },
      { dedupeKey: `seal-envelope:${envelopeId}` },
    );
  });
}

/**
 * Enqueues the seal-envelope job of every envelope still being signed whose signers have all
 * signed but that has no open job (its job was lost): run by the job sweep at start, so that no
 * envelope stays in signing after everyone signed. An envelope whose seal job gave up (a sealing
 * error) is left alone: only the sender's retry runs it again. Returns how many it enqueued.
 */
export async function enqueueMissingSeals(db: Kysely<Database>): Promise<number> {
  const stuck = await db
    .selectFrom("envelope")
    .select("envelope.id")
    .where("envelope.status", "=", "signing")
    .where("envelope.sealFailedAt", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("recipient")
            .select("recipient.id")
            .whereRef("recipient.envelopeId", "=", "envelope.id")
            .where("recipient.kind", "=", "signer")
            .where("recipient.status", "!=", "signed"),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("job")
            .select("job.id")
            .whereRef("job.dedupeKey", "=", sql<string>`'seal-envelope:' || envelope.id`)
            .where("job.status", "in", ["pending", "running"]),
        ),
      ),
    )
    .execute();
  for (const envelope of stuck) {
    await db.transaction().execute((trx) =>
      enqueueJob(
        trx,
        sealEnvelopeJob,
        { envelopeId: envelope.id },
        {
          dedupeKey: `seal-envelope:${envelope.id}`,
        },
      ),
    );
  }
  return stuck.length;
}
