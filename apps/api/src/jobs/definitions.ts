import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/database";

/** The NOTIFY channel that wakes job workers when a job is committed. */
export const JOB_CHANNEL = "paraphe_job";

/** A kind of background work: its name and the schema of its payload. The handler lives apart. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: S;
  /** Attempts before the job gives up (the worker's default when unset). */
  readonly maxAttempts?: number;
}

function defineJob<S extends z.ZodType>(
  name: string,
  payload: S,
  options: { maxAttempts?: number } = {},
): JobDefinition<S> {
  return { name, payload, ...options };
}

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
 * Delivers one message of the mail outbox (`enqueueMail`) through the mail transport (SMTP, or the
 * development mailbox). Enqueued in the transaction that wrote the message. Gives up after 8
 * attempts, or at once when the body does not open (another master key, an altered row).
 */
export const sendMailJob = defineJob("send-mail", z.object({ mailId: z.uuid() }), {
  maxAttempts: 8,
});

/**
 * Sends the rows of a bulk send from a template (`templates/bulk-send-job.ts`), one envelope per
 * row, each in its own transaction with the row's result, so that a run that stops resumes at the
 * first pending row. Enqueued with the bulk send (dedupe key `bulk-send:<uuid>`); the sweep
 * enqueues it again for a bulk send still running. After 10 failed attempts, the rows left are
 * reported as `send_failed`.
 */
export const bulkSendJob = defineJob("bulk-send", z.object({ bulkSendId: z.uuid() }), {
  maxAttempts: 10,
});

/**
 * One attempt to deliver a webhook event to an endpoint (`webhooks/webhook-delivery.ts`): the
 * delivery row holds the attempts and the schedule (1 min, 5 min, 30 min, 2 h, 6 h; 6 attempts);
 * each attempt is its own job, enqueued by the previous one (the first in the transaction of the
 * change that caused the event), with dedupe key `webhook-delivery:<id>:<attempt>`. A job that
 * cannot record its attempt (the database) is retried 3 times, then the delivery is failed.
 */
export const deliverWebhookJob = defineJob(
  "deliver-webhook",
  z.object({ deliveryId: z.uuid(), attempt: z.number().int().min(1).max(100) }),
  { maxAttempts: 3 },
);

/**
 * Removes the webhook deliveries that ended (delivered or failed) more than
 * `WEBHOOK_DELIVERY_RETENTION_DAYS` ago (`webhooks/webhook-retention.ts`), so the delivery log does
 * not grow without end. Each run schedules the next hour's run.
 */
export const pruneWebhookDeliveriesJob = defineJob("prune-webhook-deliveries", z.object({}));

export const jobDefinitions = [
  sealEnvelopeJob,
  envelopeDeadlinesJob,
  sweepOrphanFilesJob,
  sendMailJob,
  bulkSendJob,
  deliverWebhookJob,
  pruneWebhookDeliveriesJob,
] as const;

/**
 * Enqueues a job. Pass the transaction of the change that causes it: the job exists (and workers
 * are woken) only if that transaction commits. With `dedupeKey`, a job with the same key that is
 * still pending or running makes this a no-op. With `runAt`, the job waits until then.
 */
export async function enqueueJob<S extends z.ZodType>(
  trx: Kysely<Database>,
  definition: JobDefinition<S>,
  payload: z.input<S>,
  options: { dedupeKey?: string; runAt?: Date } = {},
): Promise<void> {
  const parsed: unknown = definition.payload.parse(payload);
  const runAt =
    options.runAt === undefined ? sql`now()` : sql`${options.runAt.toISOString()}::timestamptz`;
  await sql`
    INSERT INTO job (name, payload, dedupe_key, run_at)
    VALUES (${definition.name}, ${JSON.stringify(parsed)}::jsonb, ${options.dedupeKey ?? null}, ${runAt})
    ON CONFLICT (dedupe_key) WHERE status IN ('pending', 'running') DO NOTHING`.execute(trx);
  await sql`SELECT pg_notify(${JOB_CHANNEL}, '')`.execute(trx);
}

/**
 * Enqueues the run of a job that recurs every `intervalMs`: the run of the slot `at` falls in
 * (`now`, to run at once) or of the next slot (`next`, at its start), once per slot (the dedupe
 * key names the job and the slot). A run enqueues the next one first, so a failed run does not
 * break the chain; the start-up sweep enqueues the current slot's.
 */
export async function scheduleRecurringJob(
  db: Kysely<Database>,
  definition: JobDefinition,
  intervalMs: number,
  when: "now" | "next",
  at: number,
): Promise<void> {
  const slot = Math.floor(at / intervalMs) + (when === "next" ? 1 : 0);
  const dedupeKey = `${definition.name}:${slot}`;
  await db
    .transaction()
    .execute((trx) =>
      enqueueJob(
        trx,
        definition,
        {},
        when === "next" ? { dedupeKey, runAt: new Date(slot * intervalMs) } : { dedupeKey },
      ),
    );
}
