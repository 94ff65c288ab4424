import type { Kysely } from "kysely";
import type { Database } from "./db/database";
import type { CompletionDeps } from "./envelopes/completion";
import { DEADLINE_PASS_INTERVAL_MS } from "./envelopes/deadlines";
import { envelopeJobs, envelopeSweeps } from "./envelopes/jobs";
import { jobTimings, JobWorker, type RegisteredJob } from "./jobs/job-worker";
import { resolvePublicAddresses } from "./http/outbound-fetch";
import type { Logger } from "./logger";
import { sendMailHandler } from "./mail/delivery";
import type { MailTransport } from "./mail/transport";
import { sendSmsHandler } from "./sms/delivery";
import type { SmsProvider } from "./sms/provider";
import { retentionJobs, retentionSweeps } from "./retention/jobs";
import { erasureJobs, erasureSweeps } from "./erasure/jobs";
import { bulkSendJobs, enqueueLostBulkSends } from "./templates/jobs";
import { webhookJobs, webhookSweeps, type WorkerWebhookOptions } from "./webhooks/jobs";
import { mails } from "./telemetry/metrics";

export type { WorkerWebhookOptions } from "./webhooks/jobs";

/** One public address of `host` (it throws when any of its addresses is not public). */
async function publicAddressOf(host: string): Promise<string> {
  const [first] = await resolvePublicAddresses(host);
  return first?.address ?? host;
}

/**
 * Every job this api runs, each domain's handlers together. Mail is delivered through
 * `mailTransport`; without one, the `send-mail` jobs are left to a worker that has it (tests that
 * read the outbox rather than a mailbox). SMS go through `smsProvider` in the same way. Webhooks are delivered with `webhooks` (the key their
 * secrets are sealed with); without it, their jobs are left to a worker that has it.
 */
export function jobHandlers(
  deps: CompletionDeps,
  options: {
    deadlineIntervalMs?: number;
    mailTransport?: MailTransport;
    smsProvider?: SmsProvider;
    webhooks?: WorkerWebhookOptions;
  } = {},
): RegisteredJob[] {
  const { mailTransport, smsProvider } = options;
  const mail =
    mailTransport === undefined
      ? []
      : [
          countedMail(
            sendMailHandler({
              db: deps.db,
              transport: mailTransport,
              mailKey: deps.mailKey,
              from: deps.config.mailFrom,
              logger: deps.logger,
              ...(deps.config.smtpUrl === undefined ? {} : { smtpUrl: deps.config.smtpUrl }),
              // Teams' own servers on this machine or network: development and test only.
              ...(deps.config.nodeEnv === "production" ? { resolveTeamHost: publicAddressOf } : {}),
            }),
          ),
        ];
  const sms =
    smsProvider === undefined
      ? []
      : [
          sendSmsHandler({
            db: deps.db,
            provider: smsProvider,
            mailKey: deps.mailKey,
            logger: deps.logger,
          }),
        ];
  return [
    ...mail,
    ...sms,
    ...webhookJobs(deps, options.webhooks),
    ...envelopeJobs(deps, options.deadlineIntervalMs ?? DEADLINE_PASS_INTERVAL_MS),
    ...bulkSendJobs(deps),
    ...retentionJobs(deps),
    ...erasureJobs(deps),
  ];
}

/** The `send-mail` job, each attempt counted as sent or failed (`paraphe_mails_total`). */
function countedMail(job: RegisteredJob): RegisteredJob {
  return {
    ...job,
    handler: async (payload) => {
      try {
        await job.handler(payload);
      } catch (error) {
        mails.inc({ outcome: "failed" });
        throw error;
      }
      mails.inc({ outcome: "sent" });
    },
  };
}

/**
 * The api's job worker: every handler (mail delivery with `mailTransport`), and a sweep that also
 * finds work left behind (envelopes unsealed, bulk sends and webhook deliveries without their job)
 * and schedules the recurring passes (deadlines every `deadlineIntervalMs`, orphan files, pruning,
 * the daily retention pass), and the purge of deleted teams left unfinished.
 */
export function createJobWorker(
  deps: CompletionDeps & {
    db: Kysely<Database>;
    logger: Logger;
    listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
    deadlineIntervalMs?: number;
    mailTransport?: MailTransport;
    smsProvider?: SmsProvider;
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
      ...(deps.smsProvider === undefined ? {} : { smsProvider: deps.smsProvider }),
      ...(deps.webhooks === undefined ? {} : { webhooks: deps.webhooks }),
    }),
    ...(deps.listen === undefined ? {} : { listen: deps.listen }),
    ...(deps.concurrency === undefined ? {} : { concurrency: deps.concurrency }),
    ...jobTimings(deps.config),
    sweeps: [
      ...envelopeSweeps(deps, intervalMs),
      () => enqueueLostBulkSends(deps),
      ...webhookSweeps(deps, deps.webhooks),
      ...retentionSweeps(deps),
      ...erasureSweeps(deps),
    ],
  });
}
