import { sql, type Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/database";

/** The NOTIFY channel that wakes job workers when a job is committed. */
export const JOB_CHANNEL = "paraphe_job";

/**
 * A kind of background work: its name and the schema of its payload. Each domain defines its own
 * jobs (`<domain>/job-definitions.ts`) and handles them (`<domain>/jobs.ts`); this module is the
 * queue alone and knows none of them.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: S;
  /** Attempts before the job gives up (the worker's default when unset). */
  readonly maxAttempts?: number;
}

export function defineJob<S extends z.ZodType>(
  name: string,
  payload: S,
  options: { maxAttempts?: number } = {},
): JobDefinition<S> {
  return { name, payload, ...options };
}

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

/**
 * The queue's state by job type, for the metrics: jobs due and waiting, running, and how long the
 * oldest due one has waited (seconds).
 */
export async function jobQueueSnapshot(
  db: Kysely<Database>,
): Promise<{ name: string; waiting: number; running: number; oldestSeconds: number | null }[]> {
  const { rows } = await sql<{
    name: string;
    waiting: number;
    running: number;
    oldestSeconds: number | null;
  }>`
    SELECT name,
           count(*) FILTER (WHERE status = 'pending')::int AS waiting,
           count(*) FILTER (WHERE status = 'running')::int AS running,
           extract(epoch FROM now() - min(run_at) FILTER (WHERE status = 'pending'))::float8
             AS oldest_seconds
    FROM job
    WHERE status = 'running' OR (status = 'pending' AND run_at <= now())
    GROUP BY name`.execute(db);
  return rows;
}
