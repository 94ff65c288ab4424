import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/** What the workspace and tag services need. */
export interface WorkspaceDeps {
  db: Kysely<Database>;
  /** Milliseconds since the epoch. */
  now: () => number;
}
