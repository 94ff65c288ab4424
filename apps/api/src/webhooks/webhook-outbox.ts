import type { WebhookEventPayload, WebhookEventType } from "@paraphe/api-sdk/contract";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { enqueueJob } from "../jobs/queue";
import { deliverWebhookJob } from "./job-definitions";
import { endpointMayReceive } from "./webhook-scope";

/** The largest body of a delivery, in bytes (the column's bound). */
export const WEBHOOK_PAYLOAD_MAX_BYTES = 16_384;

/** The dedupe key of a delivery's attempt job: one open job per attempt. */
export function webhookAttemptKey(deliveryId: string, attempt: number): string {
  return `webhook-delivery:${deliveryId}:${attempt}`;
}

/** An event for the team's webhooks, of one of its workspaces. */
export interface WebhookEvent {
  teamId: string;
  workspaceId: string;
  type: WebhookEventType;
  createdAt: Date;
  data: WebhookEventPayload["data"];
}

/**
 * Records `event` for every enabled endpoint of its team subscribed to its type and that may
 * receive its workspace (`endpointMayReceive`: it covers the workspace and its accountable member
 * may read it): one delivery row each, and the job of its first attempt. Call it in the
 * transaction of the change that causes the event (outbox): the deliveries exist only if that
 * change commits. Answers how many.
 */
export async function recordWebhookEvent(
  trx: Kysely<Database>,
  event: WebhookEvent,
): Promise<number> {
  const endpoints = await trx
    .selectFrom("webhookEndpoint")
    .select(["id", "teamId", "events", "accountableUserId", "allWorkspaces"])
    .where("teamId", "=", event.teamId)
    .where("enabled", "=", true)
    .execute();
  const subscribed = [];
  for (const endpoint of endpoints) {
    if (!endpoint.events.includes(event.type)) continue;
    if (await endpointMayReceive(trx, endpoint, event.workspaceId)) subscribed.push(endpoint);
  }
  if (subscribed.length === 0) return 0;
  const body: WebhookEventPayload = {
    id: randomUUID(),
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    team: { uuid: event.teamId },
    data: event.data,
  };
  const payload = JSON.stringify(body);
  if (Buffer.byteLength(payload, "utf8") > WEBHOOK_PAYLOAD_MAX_BYTES) {
    throw new Error(`the ${event.type} webhook payload exceeds ${WEBHOOK_PAYLOAD_MAX_BYTES} bytes`);
  }
  const rows = await trx
    .insertInto("webhookDelivery")
    .values(
      subscribed.map((endpoint) => ({
        endpointId: endpoint.id,
        eventId: body.id,
        eventType: event.type,
        workspaceId: event.workspaceId,
        payload,
        nextAttemptAt: event.createdAt,
        createdAt: event.createdAt,
        updatedAt: event.createdAt,
      })),
    )
    .returning("id")
    .execute();
  for (const { id } of rows) {
    await enqueueJob(
      trx,
      deliverWebhookJob,
      { deliveryId: id, attempt: 1 },
      { dedupeKey: webhookAttemptKey(id, 1) },
    );
  }
  return rows.length;
}
