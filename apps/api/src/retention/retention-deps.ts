import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Database } from "../db/database";
import type { Logger } from "../logger";

/** What the retention policy and its daily pass need. */
export interface RetentionDeps {
  db: Kysely<Database>;
  blobStore: BlobStore;
  logger: Logger;
  /** Milliseconds since the epoch. */
  now: () => number;
}
