import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Logger } from "../logger";

/** What the identity services need. `now` is injectable so tests can move time (code expiry). */
export interface IdentityDeps {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  blobStore: BlobStore;
  /** The key session secret keys (and login-code hashes) derive from. */
  sessionCredentialKey: Buffer;
  /** The key mail bodies are sealed with at rest. */
  mailKey: Buffer;
  /** Milliseconds since the epoch: the clock of the tunnel (and of request signatures). */
  now: () => number;
}
