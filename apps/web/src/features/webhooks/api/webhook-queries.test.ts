import type { ListWebhookDeliveriesResponse, WebhookDelivery } from "@paraphe/api-sdk/contract";
import { describe, expect, it } from "vitest";
import { deliveryLogPollInterval, WEBHOOK_DELIVERY_POLL_MS } from "./webhook-queries";

const NOW = Date.parse("2026-11-21T10:00:00.000Z");
const delivery = (change: Partial<WebhookDelivery>): WebhookDelivery => ({
  uuid: "5d7c1e0a-2b3c-4d5e-8f90-123456789abc",
  endpointUuid: "0b9b3a52-1f4f-4f0e-9d0b-5c1f3e0c2a11",
  eventId: "9a8b7c6d-5e4f-4a3b-9c2d-1e0f98765432",
  eventType: "envelope.sent",
  status: "delivered",
  attempts: 1,
  lastError: null,
  lastResponseStatus: 200,
  nextAttemptAt: null,
  deliveredAt: "2026-11-21T09:59:00.000Z",
  replayOfUuid: null,
  envelope: null,
  createdAt: "2026-11-21T09:59:00.000Z",
  updatedAt: "2026-11-21T09:59:00.000Z",
  ...change,
});
const page = (...deliveries: WebhookDelivery[]): ListWebhookDeliveriesResponse => ({
  deliveries,
  nextCursor: null,
});
const pendingAt = (offsetMs: number) =>
  delivery({
    status: "pending",
    attempts: 0,
    deliveredAt: null,
    nextAttemptAt: new Date(NOW + offsetMs).toISOString(),
  });

describe("deliveryLogPollInterval", () => {
  it("polls while a pending delivery's attempt is due, as a replay's first one is", () => {
    expect(deliveryLogPollInterval([page(pendingAt(0), delivery({}))], NOW)).toBe(
      WEBHOOK_DELIVERY_POLL_MS,
    );
    expect(deliveryLogPollInterval([page(delivery({})), page(pendingAt(-5_000))], NOW)).toBe(
      WEBHOOK_DELIVERY_POLL_MS,
    );
  });

  it("stops once every delivery ended, and does not poll for a retry due much later", () => {
    expect(deliveryLogPollInterval(undefined, NOW)).toBe(false);
    expect(deliveryLogPollInterval([page(delivery({}), delivery({ status: "failed" }))], NOW)).toBe(
      false,
    );
    expect(deliveryLogPollInterval([page(pendingAt(5 * 60_000))], NOW)).toBe(false);
  });
});
