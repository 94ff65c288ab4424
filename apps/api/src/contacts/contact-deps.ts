import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/** What the contact services need. */
export interface ContactDeps {
  db: Kysely<Database>;
  /** Milliseconds since the epoch. */
  now: () => number;
}
