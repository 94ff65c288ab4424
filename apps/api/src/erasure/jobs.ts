import { enqueueJob } from "../jobs/queue";
import { jobHandler, type RegisteredJob } from "../jobs/job-worker";
import type { ErasureDeps } from "./erasure-deps";
import { purgeDeletedTeamsJob } from "./job-definitions";
import { runTeamPurge } from "./purge-team";

type PurgeJobDeps = Pick<ErasureDeps, "db" | "blobStore" | "logger">;

/** The purge of deleted teams: a run that leaves work enqueues the next at once. */
export function erasureJobs(deps: PurgeJobDeps): RegisteredJob[] {
  return [
    jobHandler(purgeDeletedTeamsJob, async ({ round }) => {
      const { more } = await runTeamPurge(deps);
      if (!more) return;
      const next = (round ?? 0) + 1;
      await deps.db
        .transaction()
        .execute((trx) =>
          enqueueJob(
            trx,
            purgeDeletedTeamsJob,
            { round: next },
            { dedupeKey: `${purgeDeletedTeamsJob.name}:round:${next}` },
          ),
        );
    }),
  ];
}

/** The erasure part of the worker's sweep: a purge left unfinished is enqueued again. */
export function erasureSweeps(deps: Pick<ErasureDeps, "db">): (() => Promise<number>)[] {
  return [
    async () => {
      const marked = await deps.db
        .selectFrom("team")
        .select("id")
        .where("deletionRequestedAt", "is not", null)
        .executeTakeFirst();
      if (marked === undefined) return 0;
      await deps.db.transaction().execute((trx) =>
        enqueueJob(
          trx,
          purgeDeletedTeamsJob,
          {},
          {
            dedupeKey: `${purgeDeletedTeamsJob.name}:sweep`,
          },
        ),
      );
      return 1;
    },
  ];
}
