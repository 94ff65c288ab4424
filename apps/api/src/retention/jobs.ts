import { z } from "zod";
import { defineJob, enqueueJob, scheduleRecurringJob } from "../jobs/queue";
import { jobHandler, type RegisteredJob } from "../jobs/job-worker";
import type { RetentionDeps } from "./retention-deps";
import { runRetentionPass } from "./retention-pass";

/** How often the retention pass runs. */
export const RETENTION_PASS_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * The daily retention pass (issue 32): deletes, in batches, what the teams' retention policies
 * make due. The day's run schedules the next day's; a full batch enqueues the next batch at once
 * (`round` counts them, so each has its own dedupe key).
 */
export const applyRetentionJob = defineJob(
  "apply-retention",
  z.object({ day: z.number().int().min(0).optional(), round: z.number().int().min(0).optional() }),
);

/** Schedules the retention pass of today (`now`) or tomorrow (`next`). */
export async function scheduleRetentionPass(
  deps: Pick<RetentionDeps, "db">,
  when: "now" | "next",
  at: number,
): Promise<void> {
  await scheduleRecurringJob(deps.db, applyRetentionJob, RETENTION_PASS_INTERVAL_MS, when, at);
}

/** The retention pass's job. */
export function retentionJobs(deps: RetentionDeps): RegisteredJob[] {
  return [
    jobHandler(applyRetentionJob, async ({ day, round }) => {
      const now = deps.now();
      if (round === undefined) await scheduleRetentionPass(deps, "next", now);
      const { more } = await runRetentionPass(deps);
      if (more) {
        const today = day ?? Math.floor(now / RETENTION_PASS_INTERVAL_MS);
        const next = (round ?? 0) + 1;
        await deps.db
          .transaction()
          .execute((trx) =>
            enqueueJob(
              trx,
              applyRetentionJob,
              { day: today, round: next },
              { dedupeKey: `${applyRetentionJob.name}:${today}:${next}` },
            ),
          );
      }
    }),
  ];
}

/** The retention part of the worker's sweep: today's pass is scheduled at start. */
export function retentionSweeps(deps: RetentionDeps): (() => Promise<number>)[] {
  return [
    async () => {
      await scheduleRetentionPass(deps, "now", deps.now());
      return 0;
    },
  ];
}
