import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";

/** What the subscription and usage calls need. */
export interface BillingDeps {
  db: Kysely<Database>;
  config: Pick<Config, "defaultTeamSeats">;
  /** Milliseconds since the epoch. */
  now: () => number;
}
