import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./columns";

/** A team's webhook endpoint (issue 13). */
export interface WebhookEndpointTable {
  id: Generated<string>;
  teamId: string;
  url: string;
  /** The subscribed event types, a JSON array. */
  events: ColumnType<string[], string, string>;
  /** Sealed (`webhooks/webhook-secret.ts`): read back to sign deliveries, never stored readable. */
  secretSealed: string;
  secretCreatedAt: Timestamp;
  enabled: boolean;
  /**
   * The member whose rights bound what the endpoint receives (its creator, then whoever last
   * changed it); null once that account is gone (the endpoint then receives nothing).
   */
  accountableUserId: string | null;
  /**
   * Whether it covers every workspace its accountable member belongs to (at each event), rather
   * than the ones it chose (`webhookEndpointWorkspace`).
   */
  allWorkspaces: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A workspace an endpoint chose (when it does not cover all its accountable member's). */
export interface WebhookEndpointWorkspaceTable {
  endpointId: string;
  workspaceId: string;
}

/** One event for one endpoint (the outbox row); each attempt is a `deliver-webhook` job. */
export interface WebhookDeliveryTable {
  id: Generated<string>;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** The exact JSON body signed and sent. */
  payload: string;
  status: ColumnType<
    "pending" | "delivered" | "failed",
    "pending" | "delivered" | "failed" | undefined,
    "pending" | "delivered" | "failed"
  >;
  attempts: ColumnType<number, number | undefined, number>;
  lastError: string | null;
  lastResponseStatus: number | null;
  nextAttemptAt: Timestamp | null;
  deliveredAt: Timestamp | null;
  replayOfId: string | null;
  /** The event's workspace, checked again at each attempt; null for older deliveries. */
  workspaceId: Generated<string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
