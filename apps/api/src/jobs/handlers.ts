import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import {
  completeEnvelope,
  enqueueMissingSeals,
  type CompletionDeps,
} from "../envelopes/completion";
import type { Logger } from "../logger";
import { sealEnvelopeJob } from "./definitions";
import { jobHandler, JobWorker, type RegisteredJob } from "./job-worker";

/** Every job this api runs, each definition with its handler. */
export function jobHandlers(deps: CompletionDeps): RegisteredJob[] {
  return [jobHandler(sealEnvelopeJob, ({ envelopeId }) => completeEnvelope(deps, envelopeId))];
}

/** The api's job worker: every handler, and a sweep that also finds envelopes left unsealed. */
export function createJobWorker(
  deps: CompletionDeps & {
    db: Kysely<Database>;
    logger: Logger;
    listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  },
): JobWorker {
  return new JobWorker({
    db: deps.db,
    logger: deps.logger,
    jobs: jobHandlers(deps),
    ...(deps.listen === undefined ? {} : { listen: deps.listen }),
    sweeps: [() => enqueueMissingSeals(deps.db)],
  });
}
