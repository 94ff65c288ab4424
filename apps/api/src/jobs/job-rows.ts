import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";

/**
 * The job table's transitions, as the worker makes them: claim (pending or lease run out ->
 * running, one attempt more), done, retry later, failed, resumed after an interruption, and the
 * lease renewed while a job runs. Each one names the kinds of job it may touch (`names`) or the
 * attempt it ends, so that a worker never ends another's attempt.
 */

/** A job as its worker holds it: the attempt it runs is `attempts`. */
export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
}

/** The condition "a kind of job in `names`" (none: nothing). */
function ofNames(names: readonly string[]) {
  if (names.length === 0) return sql<boolean>`false`;
  return sql<boolean>`name IN (${sql.join([...names])})`;
}

const leaseEnd = (leaseMs: number) =>
  sql<Date>`now() + ${leaseMs}::double precision * interval '1 millisecond'`;

/**
 * Claims the next due job of `names` (pending and due, or running with its lease run out), with
 * `FOR UPDATE SKIP LOCKED` so that replicas share the table: counts the attempt and leases it.
 */
export async function claimJob(
  db: Kysely<Database>,
  names: readonly string[],
  leaseMs: number,
): Promise<ClaimedJob | undefined> {
  const result = await sql<ClaimedJob>`
      UPDATE job
      SET status = 'running',
          attempts = attempts + 1,
          locked_until = ${leaseEnd(leaseMs)},
          updated_at = now()
      WHERE id = (
        SELECT id FROM job
        WHERE ((status = 'pending' AND run_at <= now())
           OR (status = 'running' AND locked_until <= now()))
          AND ${ofNames(names)}
        ORDER BY run_at, created_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, name, payload, attempts`.execute(db);
  return result.rows[0];
}

export async function markJobDone(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable("job")
    .set({
      status: "done",
      lockedUntil: null,
      lastError: null,
      finishedAt: sql<Date>`now()`,
      updatedAt: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/** Back to pending, due in `delayMs`, with the attempt's error (its first 2,000 characters). */
export async function retryJobLater(
  db: Kysely<Database>,
  id: string,
  reason: string,
  delayMs: number,
): Promise<void> {
  await db
    .updateTable("job")
    .set({
      status: "pending",
      lockedUntil: null,
      lastError: reason.slice(0, 2000),
      runAt: sql<Date>`now() + ${delayMs}::double precision * interval '1 millisecond'`,
      updatedAt: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Marks the attempt failed for good with its last error. Answers false when the attempt is no
 * longer the job's: a takeover by another worker meanwhile counted a new one, not ours to end.
 */
export async function markJobFailed(
  db: Kysely<Database>,
  job: ClaimedJob,
  lastError: string,
): Promise<boolean> {
  const rows = await db
    .updateTable("job")
    .set({
      status: "failed",
      lockedUntil: null,
      lastError,
      finishedAt: sql<Date>`now()`,
      updatedAt: sql<Date>`now()`,
    })
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .where("attempts", "=", job.attempts)
    .returning("id")
    .execute();
  return rows.length > 0;
}

/** The running jobs of `names` whose lease ran out: their worker stopped or froze. */
export async function interruptedJobs(
  db: Kysely<Database>,
  names: readonly string[],
): Promise<ClaimedJob[]> {
  return db
    .selectFrom("job")
    .select(["id", "name", "payload", "attempts"])
    .where("status", "=", "running")
    .where("lockedUntil", "<=", sql<Date>`now()`)
    .where(ofNames(names))
    .execute();
}

/** Hands an interrupted job back, due now; answers whether it still was interrupted. */
export async function resumeJob(db: Kysely<Database>, id: string): Promise<boolean> {
  const rows = await db
    .updateTable("job")
    .set({
      status: "pending",
      lockedUntil: null,
      runAt: sql<Date>`now()`,
      updatedAt: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .where("status", "=", "running")
    .where("lockedUntil", "<=", sql<Date>`now()`)
    .returning("id")
    .execute();
  return rows.length > 0;
}

/** Pushes the lease of the running attempt forward by `leaseMs` (none if it is no longer ours). */
export async function renewJobLease(
  db: Kysely<Database>,
  job: ClaimedJob,
  leaseMs: number,
): Promise<void> {
  await db
    .updateTable("job")
    .set({ lockedUntil: leaseEnd(leaseMs) })
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .where("attempts", "=", job.attempts)
    .execute();
}
