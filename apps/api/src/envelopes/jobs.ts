import type { RegisteredJob } from "../jobs/job-worker";
import { jobHandler } from "../jobs/job-worker";
import { completeEnvelope, type CompletionDeps } from "./completion";
import { runDeadlinePass, scheduleDeadlinePass } from "./deadlines";
import { scheduleOrphanFileSweep, sweepOrphanEnvelopeFiles } from "./file-references";
import { enqueueMissingSeals, markSealFailed } from "./seal-failures";
import {
  envelopeDeadlinesJob,
  renderPreviewsJob,
  sealEnvelopeJob,
  sweepOrphanFilesJob,
} from "./job-definitions";
import { renderPreviewBatch, skipPreviewBatch } from "./page-previews";
import { timeSeal } from "../telemetry/metrics";

/**
 * The envelopes' jobs: sealing, page previews, the deadline pass (reminders, expiry) and the
 * orphan-file sweep.
 */
export function envelopeJobs(deps: CompletionDeps, deadlineIntervalMs: number): RegisteredJob[] {
  return [
    jobHandler(
      sealEnvelopeJob,
      ({ envelopeId }) => timeSeal(() => completeEnvelope(deps, envelopeId)),
      {
        onGiveUp: ({ envelopeId }, lastError) =>
          markSealFailed(deps.db, envelopeId, lastError, new Date(deps.now())),
      },
    ),
    jobHandler(
      renderPreviewsJob,
      ({ documentId, fromPage }) => renderPreviewBatch(deps, documentId, fromPage),
      { onGiveUp: ({ documentId, fromPage }) => skipPreviewBatch(deps.db, documentId, fromPage) },
    ),
    jobHandler(envelopeDeadlinesJob, async () => {
      // The next run first: a pass that fails (and is retried) does not break the chain.
      await scheduleDeadlinePass(deps.db, "next", deadlineIntervalMs);
      await runDeadlinePass(deps);
    }),
    jobHandler(sweepOrphanFilesJob, async () => {
      await scheduleOrphanFileSweep(deps.db, "next", deps.now());
      await sweepOrphanEnvelopeFiles(deps);
    }),
  ];
}

/**
 * The envelopes' part of the worker's sweep: envelopes left unsealed are enqueued again, and the
 * deadline pass and the orphan-file sweep are scheduled at once (each then reschedules itself).
 */
export function envelopeSweeps(
  deps: CompletionDeps,
  deadlineIntervalMs: number,
): (() => Promise<number>)[] {
  return [
    () => enqueueMissingSeals(deps.db),
    async () => {
      // Scheduling is not resuming lost work: it counts for nothing in the sweep's total.
      await scheduleDeadlinePass(deps.db, "now", deadlineIntervalMs);
      return 0;
    },
    async () => {
      await scheduleOrphanFileSweep(deps.db, "now", deps.now());
      return 0;
    },
  ];
}
