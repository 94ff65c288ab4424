import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { ResolveHost } from "../http/outbound-fetch";

/** What the team mail sender's settings need. */
export interface MailSenderDeps {
  db: Kysely<Database>;
  config: Pick<Config, "nodeEnv">;
  /** The key mail bodies are sealed with; SMTP passwords are sealed under a key derived from it. */
  mailKey: Buffer;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** How host names are resolved for the public-address check (the system resolver by default). */
  resolveHost?: ResolveHost;
}
