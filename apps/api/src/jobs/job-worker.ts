import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/database";
import { errorReason, redactError, type Logger } from "../logger";
import type { Config } from "../config";
import { jobAttempts, jobDuration } from "../telemetry/metrics";
import { inSpan } from "../telemetry/tracing";
import {
  claimJob,
  interruptedJobs,
  markJobDone,
  markJobFailed,
  renewJobLease,
  resumeJob,
  retryJobLater,
  type ClaimedJob,
} from "./job-rows";
import { JOB_CHANNEL, type JobDefinition } from "./queue";
import { timerSleep, WakeableLoop, type ListenFn, type SleepFn } from "./wakeable-loop";

/** Runs one job's payload; throwing makes the job retry later. */
export type JobHandler<S extends z.ZodType = z.ZodType> = (payload: z.output<S>) => Promise<void>;

/** Runs once when a job gives up for good: its payload and the last error, in words. */
export type GiveUpHandler<S extends z.ZodType = z.ZodType> = (
  payload: z.output<S>,
  lastError: string,
) => Promise<void>;

export interface RegisteredJob {
  definition: JobDefinition;
  handler: JobHandler;
  onGiveUp?: GiveUpHandler;
}

/** Pairs a definition with its handler (and what to do when it gives up), keeping the payload type. */
export function jobHandler<S extends z.ZodType>(
  definition: JobDefinition<S>,
  handler: JobHandler<S>,
  options: { onGiveUp?: GiveUpHandler<S> } = {},
): RegisteredJob {
  return {
    definition,
    handler: handler as JobHandler,
    ...(options.onGiveUp === undefined ? {} : { onGiveUp: options.onGiveUp as GiveUpHandler }),
  };
}

/**
 * Thrown by a handler when retrying cannot help (a mail body that does not open): the job gives up
 * at once, with this error's message as its last error, and its `onGiveUp` runs.
 */
export class UnrecoverableJobError extends Error {
  override readonly name = "UnrecoverableJobError";
}

/**
 * Thrown by a handler when the other side asked to wait (an HTTP 429 with Retry-After): the job
 * retries as any failure does, but not before `retryAfterMs` (and not later than the backoff cap).
 */
export class RetryLaterJobError extends Error {
  override readonly name = "RetryLaterJobError";
  readonly retryAfterMs: number;

  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/** The delay before the next attempt after `attempts` failures: base x 2^(attempts-1), capped. */
export function jobBackoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The last error of an attempt that never reported back: the process stopped or froze under it. */
export const INTERRUPTED_ERROR =
  "The attempt was interrupted (the process stopped, froze or was killed while running it).";

export interface JobWorkerOptions {
  db: Kysely<Database>;
  logger: Logger;
  jobs: readonly RegisteredJob[];
  listen?: ListenFn;
  /** How long the idle worker waits between two reads of the job table (2 s by default). */
  pollIntervalMs?: number;
  /** How the idle worker waits (a timer by default; tests pass their own clock). */
  sleep?: SleepFn;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * How long a claimed job stays reserved; past it (a crashed worker) another worker takes it over.
   * While the job runs, its worker renews the lease every third of it, so a job that takes longer
   * than the lease (a large seal) is not taken over by another replica's sweep or claim.
   */
  leaseMs?: number;
  /** Further checks of `sweep()` that enqueue work found missing (an envelope left unsealed). */
  sweeps?: readonly (() => Promise<number>)[];
  /**
   * How many jobs the started worker runs side by side (1 by default), so that a short job (a
   * sign-in code's mail) does not wait behind a long one (a seal). One poller claims them all.
   */
  concurrency?: number;
}

export type JobOutcome = "idle" | "done" | "retry" | "failed";

/**
 * Runs background jobs. Each is claimed with `FOR UPDATE SKIP LOCKED` and leased, so several api
 * replicas can share one database; a job whose worker died is taken over when its lease runs out,
 * and `sweep()` (run at start) hands such jobs back at once. A worker claims and sweeps only the
 * kinds of job it has handlers for, and leaves the others to workers that have them. The attempt
 * is counted when the job is claimed, before it runs, so an attempt that freezes or kills the
 * process counts too. Failures are retried with exponential backoff up to `maxAttempts` (the
 * definition's, else the worker's); then the job is marked failed with its last error and its
 * `onGiveUp` runs (at once when the handler throws `UnrecoverableJobError`). A job interrupted on
 * its last attempt is given up, not resumed, by the sweep and by a takeover.
 */
export class JobWorker {
  readonly #db: Kysely<Database>;
  readonly #logger: Logger;
  readonly #handlers: Map<string, RegisteredJob>;
  readonly #names: string[];
  readonly #maxAttempts: number;
  readonly #backoffBaseMs: number;
  readonly #backoffMaxMs: number;
  readonly #leaseMs: number;
  readonly #sleep: SleepFn;
  readonly #sweeps: readonly (() => Promise<number>)[];

  readonly #concurrency: number;
  /** The one loop that claims jobs and hands each to a run of its own. */
  readonly #poller: WakeableLoop;
  /** The runs under way, at most `#concurrency`. */
  readonly #running = new Set<Promise<void>>();
  readonly #listen: ListenFn | undefined;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(options: JobWorkerOptions) {
    this.#db = options.db;
    this.#logger = options.logger.child({ component: "job-worker" });
    this.#handlers = new Map(options.jobs.map((job) => [job.definition.name, job]));
    this.#names = [...this.#handlers.keys()];
    this.#maxAttempts = options.maxAttempts ?? 10;
    this.#backoffBaseMs = options.backoffBaseMs ?? 5_000;
    this.#backoffMaxMs = options.backoffMaxMs ?? 3_600_000;
    this.#leaseMs = options.leaseMs ?? 3 * 60_000;
    this.#sleep = options.sleep ?? timerSleep;
    this.#sweeps = options.sweeps ?? [];
    this.#listen = options.listen;
    this.#concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.#poller = new WakeableLoop({
      pollIntervalMs: options.pollIntervalMs ?? 2000,
      ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
      step: () => this.#fillSlots(),
      onFailure: (error) => this.#logger.error({ err: error }, "the job worker's poller stopped"),
    });
  }

  /**
   * One step of the poller: with every slot taken, waits for a run to end; otherwise claims one
   * job and starts its run. Answers whether to go on at once (`false`: nothing was due, or the
   * job table could not be read, so the poller sleeps). A run that ends wakes the poller, which
   * claims again, as a worker that just finished a job looks for the next one.
   */
  async #fillSlots(): Promise<boolean> {
    if (this.#running.size >= this.#concurrency) {
      await Promise.race(this.#running);
      return true;
    }
    let job: ClaimedJob | undefined;
    try {
      job = await this.#claim();
    } catch (error) {
      this.#logger.error({ err: redactError(error) }, "job worker could not read the job table");
      return false;
    }
    if (job === undefined) return false;
    const run: Promise<void> = this.#run(job)
      .then(
        () => undefined,
        (error: unknown) => {
          this.#logger.error(
            { err: redactError(error) },
            "job worker could not read the job table",
          );
        },
      )
      .finally(() => {
        this.#running.delete(run);
        this.#poller.wake();
      });
    this.#running.add(run);
    return true;
  }

  /**
   * Hands back jobs whose worker died (running, lease expired) so that they run now, and gives up
   * those that died on their last attempt (a job that freezes or kills the process must not be
   * resumed at every start). Returns how many were resumed, with what the further sweeps enqueued.
   */
  async sweep(): Promise<number> {
    const interrupted = await interruptedJobs(this.#db, this.#names);
    let resumed = 0;
    for (const job of interrupted) {
      if (job.attempts >= this.#maxAttemptsOf(job.name)) {
        await this.#giveUp(job, INTERRUPTED_ERROR, this.#logger.child({ jobId: job.id }));
        continue;
      }
      if (await resumeJob(this.#db, job.id)) resumed += 1;
    }
    for (const sweep of this.#sweeps) resumed += await sweep();
    if (resumed > 0) this.#logger.warn({ resumed }, "resumed interrupted work");
    return resumed;
  }

  /**
   * Sweeps, then starts the poller, which runs up to `concurrency` jobs side by side: a committed
   * job wakes it at once; otherwise it polls, once per interval however many slots are free.
   */
  async start(): Promise<void> {
    if (this.#poller.running) return;
    await this.sweep();
    if (this.#listen !== undefined)
      this.#unlisten = await this.#listen(JOB_CHANNEL, () => this.wake());
    await this.#poller.start();
  }

  wake(): void {
    this.#poller.wake();
  }

  /** Whether the poller runs (started, not stopped, not ended on an error): `/ready` asks. */
  get running(): boolean {
    return this.#poller.running;
  }

  /** Stops the poller, after the jobs being run, if any, are finished. */
  async stop(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.();
    await this.#poller.stop();
    await Promise.all(this.#running);
  }

  /** Runs due jobs until none is left (tests, and the loop). */
  async runUntilIdle(): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (;;) {
      const outcome = await this.processNext();
      if (outcome === "idle") return outcomes;
      outcomes.push(outcome);
    }
  }

  /** Claims the next due job, if any, and runs it. */
  async processNext(): Promise<JobOutcome> {
    const job = await this.#claim();
    if (job === undefined) return "idle";
    return this.#run(job);
  }

  /**
   * Runs a claimed job and records how it went, in a span of its own (`job <name>`, with tracing),
   * counting the attempt's outcome and duration by job type.
   */
  async #run(job: ClaimedJob): Promise<JobOutcome> {
    const endTimer = jobDuration.startTimer({ job: job.name });
    let outcome: JobOutcome = "failed";
    try {
      outcome = await inSpan(
        `job ${job.name}`,
        { "paraphe.job.name": job.name, "paraphe.job.attempt": job.attempts },
        () => this.#attempt(job),
      );
      return outcome;
    } finally {
      endTimer();
      jobAttempts.inc({ job: job.name, outcome });
    }
  }

  async #attempt(job: ClaimedJob): Promise<JobOutcome> {
    const log = this.#logger.child({ jobId: job.id, job: job.name, attempts: job.attempts });
    const registered = this.#handlers.get(job.name);
    if (job.attempts > this.#maxAttemptsOf(job.name)) {
      // Taken over after its last attempt was interrupted: give up rather than run it again.
      await this.#giveUp(job, INTERRUPTED_ERROR, log);
      return "failed";
    }
    const renewal = this.#renewLease(job, log);
    try {
      if (registered === undefined) throw new Error(`no handler for job ${job.name}`);
      await registered.handler(registered.definition.payload.parse(job.payload));
      await renewal.stop();
      await markJobDone(this.#db, job.id);
      log.info("job done");
      return "done";
    } catch (error) {
      await renewal.stop();
      // A database error's SQL, parameters and quoted values stay out of the log and the job row.
      const reason = errorReason(error);
      if (error instanceof UnrecoverableJobError) {
        log.error({ err: redactError(error) }, "job cannot succeed; giving up");
        await this.#giveUp(job, error.message, log);
        return "failed";
      }
      if (job.attempts >= this.#maxAttemptsOf(job.name)) {
        log.error({ err: redactError(error) }, "job failed on its last attempt");
        await this.#giveUp(job, reason, log);
        return "failed";
      }
      const backoffMs = jobBackoffMs(job.attempts, this.#backoffBaseMs, this.#backoffMaxMs);
      const delayMs =
        error instanceof RetryLaterJobError
          ? Math.min(this.#backoffMaxMs, Math.max(backoffMs, error.retryAfterMs))
          : backoffMs;
      await retryJobLater(this.#db, job.id, reason, delayMs);
      log.warn({ err: redactError(error), retryInMs: delayMs }, "job failed; will retry");
      return "retry";
    }
  }

  /**
   * Pushes the running job's lease forward every third of it until `stop()` (which waits for a
   * renewal under way, so none lands after the job's outcome). Only this attempt's lease is
   * renewed: a job taken over meanwhile counted a new attempt and is left to its new worker.
   */
  #renewLease(job: ClaimedJob, log: Logger): { stop: () => Promise<void> } {
    const stopped = new AbortController();
    const aborted = new Promise<void>((resolve) =>
      stopped.signal.addEventListener("abort", () => resolve()),
    );
    const loop = (async () => {
      for (;;) {
        // A test clock may ignore the signal: the stop ends the wait regardless.
        await Promise.race([
          this.#sleep(Math.max(1, Math.floor(this.#leaseMs / 3)), stopped.signal),
          aborted,
        ]);
        if (stopped.signal.aborted) return;
        try {
          await renewJobLease(this.#db, job, this.#leaseMs);
        } catch (error) {
          log.warn(
            { err: redactError(error) },
            "job worker could not renew the lease of a running job",
          );
        }
      }
    })();
    return {
      stop: async () => {
        stopped.abort();
        await loop;
      },
    };
  }

  #maxAttemptsOf(name: string): number {
    return this.#handlers.get(name)?.definition.maxAttempts ?? this.#maxAttempts;
  }

  /** Marks the job failed with its last error, then runs the definition's `onGiveUp`. */
  async #giveUp(job: ClaimedJob, reason: string, log: Logger): Promise<void> {
    const lastError = reason.slice(0, 2000);
    // A takeover by another worker meanwhile counted a new attempt: that one is not ours to end.
    if (!(await markJobFailed(this.#db, job, lastError))) return;
    log.error({ job: job.name, attempts: job.attempts, lastError }, "job gave up");
    const registered = this.#handlers.get(job.name);
    if (registered?.onGiveUp === undefined) return;
    try {
      await registered.onGiveUp(registered.definition.payload.parse(job.payload), lastError);
    } catch (error) {
      log.error({ err: redactError(error) }, "the job's give-up step failed");
    }
  }

  async #claim(): Promise<ClaimedJob | undefined> {
    return claimJob(this.#db, this.#names, this.#leaseMs);
  }
}

/** The job worker's lease and first retry wait, from `JOB_LEASE_SECONDS` and `JOB_RETRY_SECONDS`. */
export function jobTimings(
  config: Pick<Config, "jobLeaseSeconds" | "jobRetrySeconds">,
): Pick<JobWorkerOptions, "leaseMs" | "backoffBaseMs"> {
  return { leaseMs: config.jobLeaseSeconds * 1000, backoffBaseMs: config.jobRetrySeconds * 1000 };
}
