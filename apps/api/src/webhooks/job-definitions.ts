import { z } from "zod";
import { defineJob } from "../jobs/queue";

/**
 * One attempt to deliver a webhook event to an endpoint (`webhooks/webhook-delivery.ts`): the
 * delivery row holds the attempts and the schedule (1 min, 5 min, 30 min, 2 h, 6 h; 6 attempts);
 * each attempt is its own job, enqueued by the previous one (the first in the transaction of the
 * change that caused the event), with dedupe key `webhook-delivery:<id>:<attempt>`. A job that
 * cannot record its attempt (the database) is retried 3 times, then the delivery is failed.
 */
export const deliverWebhookJob = defineJob(
  "deliver-webhook",
  z.object({ deliveryId: z.uuid(), attempt: z.number().int().min(1).max(100) }),
  { maxAttempts: 3 },
);

/**
 * Removes the webhook deliveries that ended (delivered or failed) more than
 * `WEBHOOK_DELIVERY_RETENTION_DAYS` ago (`webhooks/webhook-retention.ts`), so the delivery log does
 * not grow without end. Each run schedules the next hour's run.
 */
export const pruneWebhookDeliveriesJob = defineJob("prune-webhook-deliveries", z.object({}));
