import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/** What the role services need. `now` is the tunnel's clock (creation and update dates). */
export interface RoleDeps {
  db: Kysely<Database>;
  now: () => number;
}
