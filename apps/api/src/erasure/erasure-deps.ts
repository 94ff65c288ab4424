import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Database } from "../db/database";
import type { Logger } from "../logger";

/** What team and account deletion need. */
export interface ErasureDeps {
  db: Kysely<Database>;
  blobStore: BlobStore;
  logger: Logger;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Wakes the job worker of this process after a job is committed. */
  wakeJobs: () => void;
}
