import { z } from "zod";
import { defineJob } from "../jobs/queue";

/**
 * Seals a completed envelope: fields and signatures stamped into each document, the platform's
 * PAdES seal, the envelopeCompleted event, the sealed audit-log proof, status complete, mails.
 * Enqueued in the transaction of the last signature. A document that keeps failing or timing out
 * in the document worker makes it give up after 5 attempts (counted before each run, so a run that
 * freezes or kills the process counts too): the envelope then carries a sealing error, the
 * start-up sweep leaves it alone, and the sender retries it (`POST /envelope/retry-seal`).
 */
export const sealEnvelopeJob = defineJob("seal-envelope", z.object({ envelopeId: z.uuid() }), {
  maxAttempts: 5,
});

/**
 * The periodic pass over envelopes being signed: reminders to recipients whose turn it is, and
 * expiry. Each run schedules the next time slot's run (see `scheduleDeadlinePass`).
 */
export const envelopeDeadlinesJob = defineJob("envelope-deadlines", z.object({}));

/**
 * Removes envelope files that no row references, older than the grace period: what a change that
 * rolled back after writing its files left behind. Each run schedules the next hour's run.
 */
export const sweepOrphanFilesJob = defineJob("sweep-orphan-files", z.object({}));

/**
 * Renders a document's page previews from `fromPage`, one bounded batch per run (see
 * `renderPreviewBatch`), in page order: each run enqueues the next batch. Enqueued with the upload
 * that stores the document. A batch whose task keeps failing gives up after 3 attempts and the
 * document goes on from the next batch (its pages are then drawn on demand, or refused).
 */
export const renderPreviewsJob = defineJob(
  "render-page-previews",
  z.object({ documentId: z.uuid(), fromPage: z.number().int().min(0) }),
  { maxAttempts: 3 },
);
