import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";

/** What the support services need. `now` is injectable so tests can move time. */
export interface SupportDeps {
  db: Kysely<Database>;
  /** SUPPORT_OPERATORS, and the web app's address (the link in the answer's mail). */
  config: Pick<Config, "supportOperators" | "webUrl">;
  /** The key mail bodies are sealed with at rest (the answer is in the body). */
  mailKey: Buffer;
  /** Milliseconds since the epoch. */
  now: () => number;
}
