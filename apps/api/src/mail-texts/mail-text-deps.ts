import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";

/** What the editable messages' services need. */
export interface MailTextDeps {
  db: Kysely<Database>;
  config: Pick<Config, "publicApiUrl" | "signUrl" | "webUrl">;
  /** Milliseconds since the epoch. */
  now: () => number;
}

/** What the editable messages' services need, from the app's dependencies. */
export function mailTextDeps(deps: {
  db: Kysely<Database>;
  config: MailTextDeps["config"];
  tunnel: { now: () => number };
}): MailTextDeps {
  return { db: deps.db, config: deps.config, now: deps.tunnel.now };
}
