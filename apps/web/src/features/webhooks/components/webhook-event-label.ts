import type { WebhookEventType } from "@paraphe/api-sdk/contract";

/** The i18n key of each event type's label. */
export const EVENT_LABEL_KEYS = {
  "envelope.created": "web:webhooks.events.envelopeCreated",
  "envelope.sent": "web:webhooks.events.envelopeSent",
  "envelope.opened": "web:webhooks.events.envelopeOpened",
  "envelope.signed": "web:webhooks.events.envelopeSigned",
  "envelope.approved": "web:webhooks.events.envelopeApproved",
  "envelope.rejected": "web:webhooks.events.envelopeRejected",
  "envelope.viewed": "web:webhooks.events.envelopeViewed",
  "envelope.delegated": "web:webhooks.events.envelopeDelegated",
  "envelope.step_started": "web:webhooks.events.envelopeStepStarted",
  "envelope.step_ended": "web:webhooks.events.envelopeStepEnded",
  "envelope.completed": "web:webhooks.events.envelopeCompleted",
  "envelope.declined": "web:webhooks.events.envelopeDeclined",
  "envelope.canceled": "web:webhooks.events.envelopeCanceled",
  "template.used": "web:webhooks.events.templateUsed",
} as const satisfies Record<WebhookEventType, string>;
