import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { ResolveHost } from "../http/outbound-fetch";
import type { Logger } from "../logger";

/** What the webhook services and the delivery job need. `now` is injectable so tests move time. */
export interface WebhookDeps {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  /** The key endpoint secrets are sealed with at rest (`deriveWebhookKey`). */
  webhookKey: Buffer;
  /** Milliseconds since the epoch. */
  now: () => number;
  /**
   * Whether endpoints may be `http:` URLs and reach private, loopback or link-local addresses:
   * development and test only (`allowsLocalWebhookTargets`); tests of the guard turn it off.
   */
  allowLocalTargets: boolean;
  /** How host names are resolved for the address check (the system resolver by default). */
  resolveHost?: ResolveHost;
}
