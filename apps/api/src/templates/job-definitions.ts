import { z } from "zod";
import { defineJob } from "../jobs/queue";

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
