import type { AuditEvent } from "../documents/audit-chain";
import type { WebhookEvent } from "./webhook-outbox";

/** What the envelope's webhook events say of it. */
export interface EnvelopeForWebhook {
  id: string;
  teamId: string;
  workspaceId: string;
  title: string;
  status: string;
  kind: string;
}

/**
 * The webhook events an activity event of an envelope stands for: created (and `template.used`
 * when created from a template), sent, opened, signed, approved (an approver's approval),
 * rejected (an approver's rejection, which also declines the envelope: `envelope.declined` follows
 * it, as for a signer's decline), viewed (a viewer read every page), delegated (a signer handed
 * their turn to someone else, `data.delegatedTo`), a signing step started or ended, completed, declined, canceled. A template's own activity has
 * none.
 */
export function webhookEventsOfActivity(
  envelope: EnvelopeForWebhook,
  event: AuditEvent,
): WebhookEvent[] {
  if (envelope.kind !== "envelope") return [];
  const createdAt = new Date(event.at);
  const base = { envelopeUuid: envelope.id, title: envelope.title, status: envelope.status };
  const recipient = event.actor === null ? {} : { recipient: event.actor };
  const of = (type: WebhookEvent["type"], data: WebhookEvent["data"]): WebhookEvent => ({
    teamId: envelope.teamId,
    workspaceId: envelope.workspaceId,
    type,
    createdAt,
    data,
  });
  switch (event.type) {
    case "envelopeCreated": {
      const created = of("envelope.created", base);
      const template = event.data.fromTemplate;
      return template === undefined
        ? [created]
        : [created, of("template.used", { ...base, template })];
    }
    case "envelopeSent":
      return [of("envelope.sent", base)];
    case "envelopeOpened":
      return [of("envelope.opened", { ...base, ...recipient })];
    case "documentSigned":
      return [of("envelope.signed", { ...base, ...recipient })];
    case "envelopeCompleted":
      return [of("envelope.completed", { ...base, status: "complete" })];
    case "envelopeDeclined":
      return [of("envelope.declined", { ...base, status: "declined", ...recipient })];
    case "approvalRejected":
      return [
        of("envelope.rejected", { ...base, status: "declined", ...recipient }),
        of("envelope.declined", { ...base, status: "declined", ...recipient }),
      ];
    case "envelopeCanceled":
      return [of("envelope.canceled", { ...base, status: "canceled" })];
    case "documentApproved":
      return [of("envelope.approved", { ...base, ...recipient })];
    case "documentViewed":
      return [of("envelope.viewed", { ...base, ...recipient })];
    case "signerDelegated":
      return [of("envelope.delegated", { ...base, ...recipient, delegatedTo: event.data.to })];
    case "signerVerified":
      // Recorded for the proof; no webhook event of its own.
      return [];
    case "stepStarted":
    case "stepEnded": {
      const step = { number: event.data.step, of: event.data.steps };
      const type = event.type === "stepStarted" ? "envelope.step_started" : "envelope.step_ended";
      return [of(type, { ...base, step })];
    }
  }
}
