import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/** What the API key services need. `now` is injectable so tests can move time. */
export interface ApiKeyDeps {
  db: Kysely<Database>;
  /** The key session (and, through a derivation, API) secret keys derive from. */
  sessionCredentialKey: Buffer;
  /** Milliseconds since the epoch: the clock of the tunnel (and of request signatures). */
  now: () => number;
}
