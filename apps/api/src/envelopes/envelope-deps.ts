import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Logger } from "../logger";

/** What the envelope services need. */
export interface EnvelopeDeps {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  blobStore: BlobStore;
  /** The key access-link secrets derive from. */
  linkKey: Buffer;
  /** The key mail bodies are sealed with at rest. */
  mailKey: Buffer;
  /** The key the activity chain is computed with. */
  activityKey: Buffer;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Wakes this process's job worker after a job was committed. */
  wakeJobs: () => void;
}
