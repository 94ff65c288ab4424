import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import {
  completeEnvelope,
  enqueueMissingSeals,
  markSealFailed,
  type CompletionDeps,
} from "../envelopes/completion";
import {
  DEADLINE_PASS_INTERVAL_MS,
  runDeadlinePass,
  scheduleDeadlinePass,
} from "../envelopes/deadlines";
import {
  pruneWebhookDeliveries,
  scheduleWebhookDeliveryPrune,
} from "../webhooks/webhook-retention";
import { scheduleOrphanFileSweep, sweepOrphanEnvelopeFiles } from "../envelopes/file-references";
import type { Logger } from "../logger";
import type { Config } from "../config";
import { sendMailHandler } from "../mail/delivery";
import type { MailTransport } from "../mail/transport";
import { giveUpBulkSend, runBulkSend } from "../templates/bulk-send-job";
import { bulkSendJobKey, bulkSendsWithoutJob } from "../templates/bulk-send-store";
import { deliverWebhookHandler, enqueueLostWebhookDeliveries } from "../webhooks/webhook-delivery";
import type { WebhookDeps } from "../webhooks/webhook-deps";
import { allowsLocalWebhookTargets } from "../webhooks/webhook-url";
import {
  bulkSendJob,
  envelopeDeadlinesJob,
  enqueueJob,
  sealEnvelopeJob,
  sweepOrphanFilesJob,
  pruneWebhookDeliveriesJob,
} from "./definitions";
import { jobHandler, JobWorker, type JobWorkerOptions, type RegisteredJob } from "./job-worker";

/** The envelope services' dependencies in a job (enqueued jobs notify the workers themselves). */
const envelopeDepsOf = (deps: CompletionDeps) => ({ ...deps, wakeJobs: () => undefined });

/**
 * Enqueues the job of every bulk send still running without one (a job lost with its process
 * after giving up is not: its rows are reported). Answers how many.
 */
async function enqueueLostBulkSends(db: Kysely<Database>): Promise<number> {
  const ids = await bulkSendsWithoutJob(db);
  for (const bulkSendId of ids) {
    await enqueueJob(db, bulkSendJob, { bulkSendId }, { dedupeKey: bulkSendJobKey(bulkSendId) });
  }
  return ids.length;
}

/** What the webhook delivery job needs, from the worker's dependencies and the webhook key. */
function webhookDepsOf(
  deps: CompletionDeps,
  webhooks: { webhookKey: Buffer } & Partial<
    Pick<WebhookDeps, "allowLocalTargets" | "resolveHost">
  >,
): WebhookDeps {
  return {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    now: deps.now,
    webhookKey: webhooks.webhookKey,
    allowLocalTargets: webhooks.allowLocalTargets ?? allowsLocalWebhookTargets(deps.config),
    ...(webhooks.resolveHost === undefined ? {} : { resolveHost: webhooks.resolveHost }),
  };
}

/** The webhook settings of a worker: the key secrets are sealed with; tests may set the guard. */
export type WorkerWebhookOptions = { webhookKey: Buffer } & Partial<
  Pick<WebhookDeps, "allowLocalTargets" | "resolveHost">
>;

/**
 * Every job this api runs, each definition with its handler. Mail is delivered through
 * `mailTransport`; without one, the `send-mail` jobs are left to a worker that has it (tests that
 * read the outbox rather than a mailbox). Webhooks are delivered with `webhooks` (the key their
 * secrets are sealed with); without it, their jobs are left to a worker that has it.
 */
export function jobHandlers(
  deps: CompletionDeps,
  options: {
    deadlineIntervalMs?: number;
    mailTransport?: MailTransport;
    webhooks?: WorkerWebhookOptions;
  } = {},
): RegisteredJob[] {
  const intervalMs = options.deadlineIntervalMs ?? DEADLINE_PASS_INTERVAL_MS;
  const { mailTransport } = options;
  const mail =
    mailTransport === undefined
      ? []
      : [
          sendMailHandler({
            db: deps.db,
            transport: mailTransport,
            mailKey: deps.mailKey,
            from: deps.config.mailFrom,
            logger: deps.logger,
            ...(deps.config.smtpUrl === undefined ? {} : { smtpUrl: deps.config.smtpUrl }),
          }),
        ];
  const webhooks =
    options.webhooks === undefined
      ? []
      : [deliverWebhookHandler(webhookDepsOf(deps, options.webhooks))];
  return [
    ...mail,
    ...webhooks,
    jobHandler(sealEnvelopeJob, ({ envelopeId }) => completeEnvelope(deps, envelopeId), {
      onGiveUp: ({ envelopeId }, lastError) =>
        markSealFailed(deps.db, envelopeId, lastError, new Date(deps.now())),
    }),
    jobHandler(envelopeDeadlinesJob, async () => {
      // The next run first: a pass that fails (and is retried) does not break the chain.
      await scheduleDeadlinePass(deps.db, "next", intervalMs);
      await runDeadlinePass(deps);
    }),
    jobHandler(sweepOrphanFilesJob, async () => {
      await scheduleOrphanFileSweep(deps.db, "next", deps.now());
      await sweepOrphanEnvelopeFiles(deps);
    }),
    jobHandler(pruneWebhookDeliveriesJob, async () => {
      await scheduleWebhookDeliveryPrune(deps.db, "next", deps.now());
      await pruneWebhookDeliveries(deps.db, deps.now());
    }),
    // Jobs wake the worker by NOTIFY; the bulk send's mails are found by the worker's polling too.
    jobHandler(bulkSendJob, ({ bulkSendId }) => runBulkSend(envelopeDepsOf(deps), bulkSendId), {
      onGiveUp: ({ bulkSendId }) => giveUpBulkSend(envelopeDepsOf(deps), bulkSendId),
    }),
  ];
}

/**
 * The api's job worker: every handler (mail delivery with `mailTransport`), and a sweep that also
 * finds envelopes left unsealed and schedules the envelope-deadlines pass (reminders, expiry) at
 * once, which then reschedules itself every `deadlineIntervalMs`.
 */
/** The job worker's lease and first retry wait, from `JOB_LEASE_SECONDS` and `JOB_RETRY_SECONDS`. */
export function jobTimings(
  config: Pick<Config, "jobLeaseSeconds" | "jobRetrySeconds">,
): Pick<JobWorkerOptions, "leaseMs" | "backoffBaseMs"> {
  return { leaseMs: config.jobLeaseSeconds * 1000, backoffBaseMs: config.jobRetrySeconds * 1000 };
}

export function createJobWorker(
  deps: CompletionDeps & {
    db: Kysely<Database>;
    logger: Logger;
    listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
    deadlineIntervalMs?: number;
    mailTransport?: MailTransport;
    webhooks?: WorkerWebhookOptions;
    /** Jobs run side by side once started (see `JobWorkerOptions.concurrency`). */
    concurrency?: number;
  },
): JobWorker {
  const intervalMs = deps.deadlineIntervalMs ?? DEADLINE_PASS_INTERVAL_MS;
  return new JobWorker({
    db: deps.db,
    logger: deps.logger,
    jobs: jobHandlers(deps, {
      deadlineIntervalMs: intervalMs,
      ...(deps.mailTransport === undefined ? {} : { mailTransport: deps.mailTransport }),
      ...(deps.webhooks === undefined ? {} : { webhooks: deps.webhooks }),
    }),
    ...(deps.listen === undefined ? {} : { listen: deps.listen }),
    ...(deps.concurrency === undefined ? {} : { concurrency: deps.concurrency }),
    ...jobTimings(deps.config),
    sweeps: [
      () => enqueueMissingSeals(deps.db),
      () => enqueueLostBulkSends(deps.db),
      ...(deps.webhooks === undefined ? [] : [() => enqueueLostWebhookDeliveries(deps)]),
      async () => {
        // Scheduling is not resuming lost work: it counts for nothing in the sweep's total.
        await scheduleDeadlinePass(deps.db, "now", intervalMs);
        return 0;
      },
      async () => {
        // Likewise: the orphan-file sweep runs at start, then every hour.
        await scheduleOrphanFileSweep(deps.db, "now", deps.now());
        return 0;
      },
      async () => {
        await scheduleWebhookDeliveryPrune(deps.db, "now", deps.now());
        return 0;
      },
    ],
  });
}
