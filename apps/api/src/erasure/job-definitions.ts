import { createHash } from "node:crypto";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { defineJob, enqueueJob } from "../jobs/queue";

/**
 * The purge of deleted teams (issue 32): each run deletes one batch of the oldest deleted team's
 * envelopes, or, once it has none left, the rest of the team; a run that leaves work enqueues the
 * next (`round` counts them). The payload and the dedupe key never hold a team's id, so that no
 * job row names the team once it is gone.
 */
export const purgeDeletedTeamsJob = defineJob(
  "purge-deleted-teams",
  z.object({ round: z.number().int().min(0).optional() }),
);

/**
 * Enqueues the purge in `trx`, the transaction that marks the team deleted: the job exists once
 * the mark is committed. The dedupe key is per team but holds a digest of its id, not the id.
 */
export async function enqueueTeamPurge(trx: Kysely<Database>, teamId: string): Promise<void> {
  const digest = createHash("sha256").update(`team-purge:${teamId}`).digest("hex").slice(0, 24);
  await enqueueJob(
    trx,
    purgeDeletedTeamsJob,
    {},
    {
      dedupeKey: `${purgeDeletedTeamsJob.name}:${digest}`,
    },
  );
}

/** Prepares one data export (`data-export.ts`); its id is random and names the person's row only. */
export const buildDataExportJob = defineJob("build-data-export", z.object({ exportId: z.uuid() }), {
  maxAttempts: 3,
});
