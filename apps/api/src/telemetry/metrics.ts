import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/*
 * The api's Prometheus metrics, one set per process (several apps built in one test process share
 * it; tests read differences). Labels name routes by their pattern, jobs by their kind and outcomes
 * by a word: never an id, a path with a token, an email or a document's name.
 */

/** The registry the metrics listener serves (not prom-client's global one). */
export const metricsRegistry = new Registry();

/** Seconds, from 5 ms to 60 s: requests, jobs, seals. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const httpRequests = new Counter({
  name: "paraphe_http_requests_total",
  help: "Requests answered, by method, route pattern (the api route inside the tunnel for sealed calls; `unmatched` when none), status and whether the call was sealed.",
  labelNames: ["method", "route", "status", "tunnelled"] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: "paraphe_http_request_duration_seconds",
  help: "Time to answer a request, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

export const tunnelSessions = new Counter({
  name: "paraphe_tunnel_sessions_total",
  help: "Secure-tunnel sessions by event: `opened` (handshake completed), `refused` (too many sessions), `expired` (removed by the sweep).",
  labelNames: ["event"] as const,
  registers: [metricsRegistry],
});

export const jobAttempts = new Counter({
  name: "paraphe_job_attempts_total",
  help: "Job attempts by job type and outcome: `done`, `retry` (failed, will run again) or `failed` (gave up).",
  labelNames: ["job", "outcome"] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: "paraphe_job_duration_seconds",
  help: "Time a job attempt ran, by job type.",
  labelNames: ["job"] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

export const sealDuration = new Histogram({
  name: "paraphe_seal_duration_seconds",
  help: "Time to seal a completed envelope (stamping, PAdES seal, proof), by outcome (`sealed` or `failed`).",
  labelNames: ["outcome"] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

export const mails = new Counter({
  name: "paraphe_mails_total",
  help: "Mail delivery attempts by outcome: `sent` (handed to the mail server) or `failed`.",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

export const webhookDeliveries = new Counter({
  name: "paraphe_webhook_deliveries_total",
  help: "Webhook delivery attempts by outcome: `delivered`, `retry` (will be tried again) or `failed` (last attempt, or cannot be sent).",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

/** One job type's line of the queue, as the queue gauges show it. */
export interface JobQueueLine {
  name: string;
  /** Due and not yet running. */
  waiting: number;
  running: number;
  /** How long the oldest due job has waited (seconds); null when none waits. */
  oldestSeconds: number | null;
}

/** Reads the job table's state at each scrape (the job queue's `jobQueueSnapshot`). */
let readJobQueue: (() => Promise<JobQueueLine[]>) | undefined;

const jobsWaiting = new Gauge({
  name: "paraphe_jobs_waiting",
  help: "Jobs due and not yet running, by job type (read from the job table at each scrape).",
  labelNames: ["job"] as const,
  registers: [metricsRegistry],
});

const jobsRunning = new Gauge({
  name: "paraphe_jobs_running",
  help: "Jobs running (claimed by a worker of any replica), by job type.",
  labelNames: ["job"] as const,
  registers: [metricsRegistry],
});

const oldestWaitingJob = new Gauge({
  name: "paraphe_job_oldest_waiting_seconds",
  help: "How long the oldest due job has waited to run, by job type.",
  labelNames: ["job"] as const,
  registers: [metricsRegistry],
  async collect() {
    jobsWaiting.reset();
    jobsRunning.reset();
    oldestWaitingJob.reset();
    const lines = (await readJobQueue?.()) ?? [];
    for (const line of lines) {
      jobsWaiting.set({ job: line.name }, line.waiting);
      jobsRunning.set({ job: line.name }, line.running);
      oldestWaitingJob.set({ job: line.name }, Math.max(0, line.oldestSeconds ?? 0));
    }
  },
});

let defaultMetrics = false;

/**
 * Lets the queue gauges call `read` at each scrape, and adds the process's own metrics (CPU,
 * memory, event-loop lag; once per process). Answers a function that stops the reading.
 */
export function observeJobQueue(read: () => Promise<JobQueueLine[]>): () => void {
  if (!defaultMetrics) {
    defaultMetrics = true;
    collectDefaultMetrics({ register: metricsRegistry, prefix: "paraphe_" });
  }
  readJobQueue = read;
  return () => {
    if (readJobQueue === read) readJobQueue = undefined;
  };
}

/** Runs a seal and records its duration and outcome. */
export async function timeSeal<T>(seal: () => Promise<T>): Promise<T> {
  const end = sealDuration.startTimer();
  try {
    const result = await seal();
    end({ outcome: "sealed" });
    return result;
  } catch (error) {
    end({ outcome: "failed" });
    throw error;
  }
}
