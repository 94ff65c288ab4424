import type { BrandingDeps } from "./branding/branding-deps";
import type { BillingDeps } from "./billing/billing-deps";
import type { Kysely } from "kysely";
import type { ApiKeyDeps } from "./api-keys/api-key-deps";
import type { BlobStore } from "./blob/blob-store";
import type { Config } from "./config";
import type { ContactDeps } from "./contacts/contact-deps";
import type { Database } from "./db/database";
import type { EnvelopeDeps } from "./envelopes/envelope-deps";
import type { IdentityDeps } from "./identity/identity-deps";
import type { Logger } from "./logger";
import type { MailSenderDeps } from "./mail-sender/mail-sender-deps";
import type { MembersDeps } from "./members/members-deps";
import type { RoleDeps } from "./roles/role-deps";
import type { SsoDeps } from "./sso/sso-deps";
import type { SupportDeps } from "./support/support-deps";
import type { Tunnel } from "./tunnel/tunnel";
import type { WebhookDeps } from "./webhooks/webhook-deps";
import type { WorkspaceDeps } from "./workspaces/workspace-deps";

/*
 * What services and routes need: the app's dependencies (AppDeps) and each domain's slice of them.
 * This module imports only types (infrastructure and the domains' deps types, which import nothing
 * of the app), never a route or a service, so importing it never closes a cycle through the app.
 */

/** What the app needs; the server builds these, tests build their own. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  db: Kysely<Database>;
  blobStore: BlobStore;
  /** Whether the database is migrated; `/health` answers 503 until it is. */
  isReady: () => boolean;
  /** Whether the job worker (mail, seals, webhooks) runs; `/ready` answers 503 while it does not. */
  jobsRunning: () => boolean;
  /** The secure tunnel: handshake responder, session store, attestation identity. */
  tunnel: Tunnel;
  /** The key session credentials' secret keys derive from (`deriveSessionCredentialKey`). */
  sessionCredentialKey: Buffer;
  /** The key access-link secret keys derive from (`deriveLinkKey`). */
  linkKey: Buffer;
  /** The key mail bodies are sealed with at rest (`deriveMailKey`). */
  mailKey: Buffer;
  /** The key the activity chain is computed with (`deriveActivityKey`). */
  activityKey: Buffer;
  /** The key single sign-on client secrets are sealed with at rest (`deriveSsoKey`). */
  ssoKey: Buffer;
  /** The key webhook endpoint secrets are sealed with at rest (`deriveWebhookKey`). */
  webhookKey: Buffer;
  /** Wakes the job worker of this process after a job is committed (optional: it also polls). */
  wakeJobs?: () => void;
}

/** What the envelope services need, from the app's dependencies. */
export function envelopeDeps(deps: AppDeps): EnvelopeDeps {
  return {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    blobStore: deps.blobStore,
    linkKey: deps.linkKey,
    mailKey: deps.mailKey,
    activityKey: deps.activityKey,
    now: deps.tunnel.now,
    wakeJobs: deps.wakeJobs ?? (() => undefined),
  };
}

/** What the contact services need, from the app's dependencies. */
export function contactDeps(deps: AppDeps): ContactDeps {
  return { db: deps.db, now: deps.tunnel.now };
}

/** What the identity services need, from the app's dependencies. */
export function identityDeps(deps: AppDeps): IdentityDeps {
  return {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    blobStore: deps.blobStore,
    sessionCredentialKey: deps.sessionCredentialKey,
    mailKey: deps.mailKey,
    now: deps.tunnel.now,
  };
}

/** What the branding services need, from the app's dependencies. */
export function brandingDeps(deps: AppDeps): BrandingDeps {
  return { db: deps.db, config: deps.config, blobStore: deps.blobStore, now: deps.tunnel.now };
}

/** What the workspace and tag services need, from the app's dependencies. */
export function workspaceDeps(deps: AppDeps): WorkspaceDeps {
  return { db: deps.db, now: deps.tunnel.now };
}

/** What the team-administration services need, from the app's dependencies. */
export function membersDeps(deps: AppDeps): MembersDeps {
  return {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    mailKey: deps.mailKey,
    now: deps.tunnel.now,
  };
}
/** What the team mail sender's settings need, from the app's dependencies. */
export function mailSenderDeps(deps: AppDeps): MailSenderDeps {
  return { db: deps.db, config: deps.config, mailKey: deps.mailKey, now: deps.tunnel.now };
}

/** What the role services need, from the app's dependencies. */
export function roleDeps(deps: AppDeps): RoleDeps {
  return { db: deps.db, now: deps.tunnel.now };
}

/** What the single sign-on services need, from the app's dependencies. */
export function ssoDeps(deps: AppDeps): SsoDeps {
  return {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    ssoKey: deps.ssoKey,
    sessionCredentialKey: deps.sessionCredentialKey,
    now: deps.tunnel.now,
  };
}

/** What the API key services need, from the app's dependencies. */
export function apiKeyDeps(deps: AppDeps): ApiKeyDeps {
  return { db: deps.db, sessionCredentialKey: deps.sessionCredentialKey, now: deps.tunnel.now };
}

/**
 * What the webhook services need, from the app's dependencies: local targets (http, private
 * addresses) are allowed outside production only (`allowsLocalWebhookTargets`).
 */
export function webhookDeps(deps: AppDeps): WebhookDeps {
  return {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    webhookKey: deps.webhookKey,
    now: deps.tunnel.now,
    allowLocalTargets: deps.config.nodeEnv !== "production",
  };
}

/** What the support services need, from the app's dependencies. */
/** What the subscription and usage calls need, from the app's dependencies. */
export function billingDeps(deps: AppDeps): BillingDeps {
  return { db: deps.db, config: deps.config, now: deps.tunnel.now };
}

export function supportDeps(deps: AppDeps): SupportDeps {
  return { db: deps.db, config: deps.config, mailKey: deps.mailKey, now: deps.tunnel.now };
}

/** What the routes' credential guards read: the caller's member, an API key's credit. */
export function guardDeps(deps: AppDeps): {
  db: Kysely<Database>;
  config: Config;
  now: () => number;
} {
  return { db: deps.db, config: deps.config, now: deps.tunnel.now };
}
