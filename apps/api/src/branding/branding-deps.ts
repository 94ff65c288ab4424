import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Config } from "../config";
import type { Database } from "../db/database";

/** What the branding services need. */
export interface BrandingDeps {
  db: Kysely<Database>;
  config: Pick<Config, "publicApiUrl">;
  blobStore: BlobStore;
  /** Milliseconds since the epoch. */
  now: () => number;
}
