import type { CompletionDeps } from "../envelopes/completion";
import { jobHandler, type RegisteredJob } from "../jobs/job-worker";
import { pruneWebhookDeliveriesJob } from "./job-definitions";
import { deliverWebhookHandler, enqueueLostWebhookDeliveries } from "./webhook-delivery";
import type { WebhookDeps } from "./webhook-deps";
import { pruneWebhookDeliveries, scheduleWebhookDeliveryPrune } from "./webhook-retention";
import { allowsLocalWebhookTargets } from "./webhook-url";

/** The webhook settings of a worker: the key secrets are sealed with; tests may set the guard. */
export type WorkerWebhookOptions = { webhookKey: Buffer } & Partial<
  Pick<WebhookDeps, "allowLocalTargets" | "resolveHost">
>;

/** What the webhook delivery job needs, from the worker's dependencies and the webhook key. */
function webhookDepsOf(deps: CompletionDeps, webhooks: WorkerWebhookOptions): WebhookDeps {
  return {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    now: deps.now,
    webhookKey: webhooks.webhookKey,
    allowLocalTargets: webhooks.allowLocalTargets ?? allowsLocalWebhookTargets(deps.config),
    ...(webhooks.resolveHost === undefined ? {} : { resolveHost: webhooks.resolveHost }),
  };
}

/**
 * The webhooks' jobs: delivery attempts with `webhooks` (the key their secrets are sealed with;
 * without it, they are left to a worker that has it), and the pruning of old deliveries.
 */
export function webhookJobs(
  deps: CompletionDeps,
  webhooks: WorkerWebhookOptions | undefined,
): RegisteredJob[] {
  return [
    ...(webhooks === undefined ? [] : [deliverWebhookHandler(webhookDepsOf(deps, webhooks))]),
    jobHandler(pruneWebhookDeliveriesJob, async () => {
      await scheduleWebhookDeliveryPrune(deps.db, "next", deps.now());
      await pruneWebhookDeliveries(deps.db, deps.now());
    }),
  ];
}

/** The webhooks' part of the sweep: lost delivery attempts again, the pruning scheduled at once. */
export function webhookSweeps(
  deps: CompletionDeps,
  webhooks: WorkerWebhookOptions | undefined,
): (() => Promise<number>)[] {
  return [
    ...(webhooks === undefined ? [] : [() => enqueueLostWebhookDeliveries(deps)]),
    async () => {
      await scheduleWebhookDeliveryPrune(deps.db, "now", deps.now());
      return 0;
    },
  ];
}
