import type { CompletionDeps } from "../envelopes/completion";
import { enqueueJob } from "../jobs/queue";
import { jobHandler, type RegisteredJob } from "../jobs/job-worker";
import { giveUpBulkSend, runBulkSend } from "./bulk-send-job";
import { bulkSendJobKey, bulkSendsWithoutJob } from "./bulk-send-store";
import { bulkSendJob } from "./job-definitions";

/** The envelope services' dependencies in a job (enqueued jobs notify the workers themselves). */
const envelopeDepsOf = (deps: CompletionDeps) => ({ ...deps, wakeJobs: () => undefined });

/** The bulk send's job: one envelope per row; the rows left are reported when it gives up. */
export function bulkSendJobs(deps: CompletionDeps): RegisteredJob[] {
  return [
    // Jobs wake the worker by NOTIFY; the bulk send's mails are found by the worker's polling too.
    jobHandler(bulkSendJob, ({ bulkSendId }) => runBulkSend(envelopeDepsOf(deps), bulkSendId), {
      onGiveUp: ({ bulkSendId }) => giveUpBulkSend(envelopeDepsOf(deps), bulkSendId),
    }),
  ];
}

/**
 * Enqueues the job of every bulk send still running without one (a job lost with its process
 * after giving up is not: its rows are reported). Answers how many.
 */
export async function enqueueLostBulkSends(deps: Pick<CompletionDeps, "db">): Promise<number> {
  const ids = await bulkSendsWithoutJob(deps.db);
  for (const bulkSendId of ids) {
    await enqueueJob(
      deps.db,
      bulkSendJob,
      { bulkSendId },
      { dedupeKey: bulkSendJobKey(bulkSendId) },
    );
  }
  return ids.length;
}
