import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { scheduleRecurringJob } from "../jobs/queue";
import { pruneWebhookDeliveriesJob } from "./job-definitions";

/** How long the delivery log keeps a delivery once it ended (delivered or failed). */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

/** The prune runs once an hour (and at start). */
export const WEBHOOK_PRUNE_INTERVAL_MS = 60 * 60_000;

/** Rows removed per statement, so one prune never holds a long lock on the log. */
const PRUNE_BATCH = 1_000;

/** Enqueues the prune of this hour (`now`) or of the next one (`next`), once per hour slot. */
export async function scheduleWebhookDeliveryPrune(
  db: Kysely<Database>,
  when: "now" | "next",
  at: number,
): Promise<void> {
  await scheduleRecurringJob(db, pruneWebhookDeliveriesJob, WEBHOOK_PRUNE_INTERVAL_MS, when, at);
}

/**
 * Removes the deliveries that ended more than `WEBHOOK_DELIVERY_RETENTION_DAYS` before `now`, in
 * batches; pending deliveries stay whatever their age. A replay of a removed delivery keeps its
 * own row (its link to the original is cleared by the foreign key). Answers how many were removed.
 */
export async function pruneWebhookDeliveries(db: Kysely<Database>, now: number): Promise<number> {
  const cutoff = new Date(now - WEBHOOK_DELIVERY_RETENTION_DAYS * 24 * 60 * 60_000);
  let removed = 0;
  for (;;) {
    const result = await sql<{ id: string }>`
      DELETE FROM webhook_delivery WHERE id IN (
        SELECT id FROM webhook_delivery
        WHERE status <> 'pending' AND updated_at < ${cutoff.toISOString()}::timestamptz
        ORDER BY updated_at
        LIMIT ${PRUNE_BATCH}
      )
      RETURNING id`.execute(db);
    const count = result.rows.length;
    removed += count;
    if (count < PRUNE_BATCH) return removed;
  }
}
