import { enqueueJob } from "../jobs/queue";
import { jobHandler, type RegisteredJob } from "../jobs/job-worker";
import type { ErasureDeps } from "./erasure-deps";
import { buildDataExport, failDataExport } from "./build-data-export";
import { deleteExpiredExports } from "./data-export";
import { buildDataExportJob, purgeDeletedTeamsJob } from "./job-definitions";
import { runTeamPurge } from "./purge-team";

type ErasureJobDeps = Pick<ErasureDeps, "db" | "blobStore" | "logger" | "now"> & {
  /** The largest data export file (DATA_EXPORT_MAX_FILE_BYTES unless given: tests). */
  maxFileBytes?: number;
};

/**
 * The purge of deleted teams (a run that leaves work enqueues the next at once), and the
 * preparation of data exports (marked failed once their job gives up).
 */
export function erasureJobs(deps: ErasureJobDeps): RegisteredJob[] {
  return [
    jobHandler(buildDataExportJob, ({ exportId }) => buildDataExport(deps, exportId), {
      onGiveUp: ({ exportId }) => failDataExport(deps.db, exportId),
    }),
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

/**
 * The erasure part of the worker's sweep: a purge left unfinished is enqueued again, and expired
 * data exports are deleted with their files.
 */
export function erasureSweeps(
  deps: Pick<ErasureDeps, "db" | "blobStore" | "now">,
): (() => Promise<number>)[] {
  return [
    () => deleteExpiredExports(deps, new Date(deps.now())),
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
