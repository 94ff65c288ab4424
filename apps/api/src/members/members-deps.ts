import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Logger } from "../logger";

/** What the team-administration services need. `now` is injectable so tests can move time. */
export interface MembersDeps {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  /** The key mail bodies are sealed with at rest (the invitation link is in the body). */
  mailKey: Buffer;
  /** Milliseconds since the epoch: the clock of the tunnel (and of request signatures). */
  now: () => number;
}
