import { z } from "zod";

/**
 * Requests and answers of webhooks (issue 13): a team's endpoints (URL, events, a signing secret)
 * and the log of their deliveries, read and changed by those allowed to update the team (Owner,
 * Admin). The secret is answered once, by `/webhook/create` and `/webhook/rotate-secret`; no other
 * answer carries it. Deliveries are signed: see `verifyWebhookSignature` and the package README.
 */

export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** Endpoints one team may have. */
export const WEBHOOK_ENDPOINTS_PER_TEAM = 10;
/** Deliveries one page of the log holds at most. */
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;
export const WEBHOOK_CURSOR_MAX_LENGTH = 200;
/** Workspaces one endpoint may choose. */
export const WEBHOOK_WORKSPACES_MAX = 100;

/** The events a team may subscribe an endpoint to. */
export const WEBHOOK_EVENT_TYPES = [
  "envelope.created",
  "envelope.sent",
  "envelope.opened",
  "envelope.signed",
  "envelope.approved",
  "envelope.rejected",
  "envelope.viewed",
  "envelope.delegated",
  "envelope.step_started",
  "envelope.step_ended",
  "envelope.completed",
  "envelope.declined",
  "envelope.canceled",
  "template.used",
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const uuid = z.uuid();
const isoDate = z.iso.datetime();

/**
 * An http or https URL. The api refuses `http:` (`https_required`) and hosts that resolve to
 * private, loopback or link-local addresses (`non_public_address`) outside development and test.
 */
export const webhookUrlSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: "too_long" })
  .pipe(z.url({ protocol: /^https?$/, error: "invalid_url" }));

/** One or more events, each once. */
export const webhookEventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, { error: "required" })
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, { error: "duplicate" });

/**
 * The workspaces an endpoint chooses: each one the caller belongs to and may read (NOT_FOUND
 * otherwise), each once. Null (or left out at creation): every workspace of its accountable member.
 */
export const webhookWorkspacesSchema = z
  .array(uuid)
  .min(1, { error: "required" })
  .max(WEBHOOK_WORKSPACES_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { error: "duplicate" })
  .nullable();

/** An endpoint as the settings page shows it: never its secret. */
export const webhookEndpointSchema = z.object({
  uuid,
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /**
   * The workspaces it chose, or null when it covers every workspace its accountable member
   * belongs to. Either way, an event reaches it only while that member belongs to the event's
   * workspace and their role reads it.
   */
  workspaces: z.array(z.object({ uuid, name: z.string() })).nullable(),
  /**
   * The member whose rights bound what it receives: its creator, then whoever last changed it;
   * null once they left the team (it then receives nothing).
   */
  accountable: z.object({ uuid, name: z.string() }).nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** When the secret was last made (at creation, then at each rotation). */
  secretCreatedAt: isoDate,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** One delivery of one event to one endpoint: its attempts so far and how the last one went. */
export const webhookDeliverySchema = z.object({
  uuid,
  endpointUuid: uuid,
  /** The event's id (the `Paraphe-Webhook-Id` header): the same for retries and replays. */
  eventId: uuid,
  eventType: webhookEventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  lastResponseStatus: z.number().int().nullable(),
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: isoDate.nullable(),
  deliveredAt: isoDate.nullable(),
  /** The delivery this one replays, if it is a replay. */
  replayOfUuid: uuid.nullable(),
  /**
   * The envelope the event is about (the new envelope for `template.used`): its title and
   * workspace as they are now when the caller may read it, both null when they may not (or it was
   * deleted). Null when the event names no envelope.
   */
  envelope: z
    .object({ uuid, title: z.string().nullable(), workspaceUuid: uuid.nullable() })
    .nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

// POST /webhook/list: the team's endpoints, oldest first.
export const listWebhooksRequestSchema = z.object({});
export const listWebhooksResponseSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
});
export type ListWebhooksResponse = z.infer<typeof listWebhooksResponseSchema>;

// POST /webhook/create: a new endpoint, accountable to the caller; its secret is answered this once.
export const createWebhookRequestSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  enabled: z.boolean().default(true),
  workspaceUuids: webhookWorkspacesSchema.default(null),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;
export const webhookWithSecretResponseSchema = z.object({
  endpoint: webhookEndpointSchema,
  /** The signing secret (`whsec_...`): shown once, never answered again. */
  secret: z.string(),
});
export type WebhookWithSecretResponse = z.infer<typeof webhookWithSecretResponseSchema>;

// POST /webhook/update: changes what is given, keeps the rest (and the secret). A change of URL or
// workspaces makes the caller the endpoint's accountable member: the workspaces it then covers
// must be ones the caller may read (NOT_FOUND otherwise).
export const updateWebhookRequestSchema = z.object({
  uuid,
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  enabled: z.boolean().optional(),
  /** Left out: the endpoint keeps its workspaces. */
  workspaceUuids: webhookWorkspacesSchema.optional(),
});
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequestSchema>;
export const webhookResponseSchema = z.object({ endpoint: webhookEndpointSchema });
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;

// POST /webhook/rotate-secret: a new secret replaces the old one at once; answered this once.
export const rotateWebhookSecretRequestSchema = z.object({ uuid });

// POST /webhook/delete: the endpoint and its delivery log are removed.
export const deleteWebhookRequestSchema = z.object({ uuid });
export const deleteWebhookResponseSchema = z.object({ deleted: z.literal(true) });

// POST /webhook/deliveries: an endpoint's delivery log, newest first, by pages (keyset cursor).
export const listWebhookDeliveriesRequestSchema = z.object({
  endpointUuid: uuid,
  /** The `nextCursor` of the previous page; left out for the first. */
  cursor: z.string().min(1).max(WEBHOOK_CURSOR_MAX_LENGTH).optional(),
  limit: z.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).default(25),
});
export type ListWebhookDeliveriesRequest = z.input<typeof listWebhookDeliveriesRequestSchema>;
export const listWebhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ListWebhookDeliveriesResponse = z.infer<typeof listWebhookDeliveriesResponseSchema>;

// POST /webhook/replay: the delivery's event is sent again, as a new delivery with its own attempts.
export const replayWebhookDeliveryRequestSchema = z.object({ deliveryUuid: uuid });
export const replayWebhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });
export type ReplayWebhookDeliveryResponse = z.infer<typeof replayWebhookDeliveryResponseSchema>;

/**
 * The JSON body of every delivery. No secrets and no document content: the envelope's uuid, title
 * and status, and the recipient concerned (opened, signed, approved, rejected, declined) or the
 * template used.
 */
export const webhookEventPayloadSchema = z.object({
  id: uuid,
  type: webhookEventTypeSchema,
  createdAt: isoDate,
  team: z.object({ uuid }),
  data: z.object({
    envelopeUuid: uuid,
    title: z.string(),
    status: z.string(),
    recipient: z.object({ name: z.string(), email: z.string() }).optional(),
    template: z.object({ uuid, title: z.string() }).optional(),
    /** For `envelope.step_started` and `envelope.step_ended`: the step (from 1) and how many. */
    step: z.object({ number: z.number().int().min(1), of: z.number().int().min(1) }).optional(),
    /** For `envelope.delegated`: who the signer (`recipient`) handed their turn to. */
    delegatedTo: z.object({ name: z.string(), email: z.string() }).optional(),
  }),
});
export type WebhookEventPayload = z.infer<typeof webhookEventPayloadSchema>;
