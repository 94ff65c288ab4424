import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Logger } from "../logger";

/** What the single sign-on services need. `now` is injectable so tests can move time. */
export interface SsoDeps {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  /** The key client secrets are sealed with at rest (`deriveSsoKey`). */
  ssoKey: Buffer;
  /** The key session secret keys derive from (a login through SSO opens a session). */
  sessionCredentialKey: Buffer;
  /** Milliseconds since the epoch: the clock of the tunnel (and of request signatures). */
  now: () => number;
}
