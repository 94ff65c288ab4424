import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AuditEvent } from "../documents/audit-chain";
import { webhookEventsOfActivity } from "./webhook-events";

const envelope = {
  id: randomUUID(),
  teamId: randomUUID(),
  workspaceId: randomUUID(),
  title: "Lease",
  status: "signing",
  kind: "envelope",
};
const at = "2026-11-26T05:00:00.000Z";
const actor = { name: "Ada Signer", email: "ada@example.com" };
const common = { at, ip: null, userAgent: null };

describe("webhookEventsOfActivity", () => {
  it("stands an envelope created from a template for envelope.created and template.used", () => {
    const template = { uuid: randomUUID(), title: "NDA" };
    const events = webhookEventsOfActivity(envelope, {
      ...common,
      type: "envelopeCreated",
      actor,
      data: { title: "Lease", fromTemplate: template },
    });
    expect(events.map((event) => event.type)).toEqual(["envelope.created", "template.used"]);
    expect(events[1]).toEqual({
      teamId: envelope.teamId,
      workspaceId: envelope.workspaceId,
      type: "template.used",
      createdAt: new Date(at),
      data: { envelopeUuid: envelope.id, title: "Lease", status: "signing", template },
    });
  });

  it("names the recipient of opened, signed, approved and declined events, and the final status", () => {
    const cases: [AuditEvent, string, string][] = [
      [{ ...common, type: "envelopeOpened", actor, data: {} }, "envelope.opened", "signing"],
      [{ ...common, type: "documentSigned", actor, data: {} }, "envelope.signed", "signing"],
      [
        { ...common, type: "envelopeDeclined", actor, data: { reason: "No" } },
        "envelope.declined",
        "declined",
      ],
      [{ ...common, type: "documentApproved", actor, data: {} }, "envelope.approved", "signing"],
    ];
    for (const [event, type, status] of cases) {
      expect(webhookEventsOfActivity(envelope, event)).toEqual([
        {
          teamId: envelope.teamId,
          workspaceId: envelope.workspaceId,
          type,
          createdAt: new Date(at),
          data: { envelopeUuid: envelope.id, title: "Lease", status, recipient: actor },
        },
      ]);
    }
    const completed = webhookEventsOfActivity(envelope, {
      ...common,
      type: "envelopeCompleted",
      actor: null,
      data: {},
    });
    expect(completed.map((event) => [event.type, event.data.status])).toEqual([
      ["envelope.completed", "complete"],
    ]);
    const canceled = webhookEventsOfActivity(envelope, {
      ...common,
      type: "envelopeCanceled",
      actor,
      data: { reason: "Wrong file", recipients: [] },
    });
    expect(canceled.map((event) => [event.type, event.data.status])).toEqual([
      ["envelope.canceled", "canceled"],
    ]);
  });

  it("stands an approver's rejection for envelope.rejected, then envelope.declined", () => {
    const events = webhookEventsOfActivity(envelope, {
      ...common,
      type: "approvalRejected",
      actor,
      data: { reason: "No" },
    });
    expect(events.map((event) => event.type)).toEqual(["envelope.rejected", "envelope.declined"]);
    for (const event of events) {
      expect(event.data).toEqual({
        envelopeUuid: envelope.id,
        title: "Lease",
        status: "declined",
        recipient: actor,
      });
    }
  });

  it("stands a signing step's start and end for envelope.step_started and envelope.step_ended", () => {
    const started = webhookEventsOfActivity(envelope, {
      ...common,
      type: "stepStarted",
      actor: null,
      data: { step: 2, steps: 3, recipients: [actor] },
    });
    const ended = webhookEventsOfActivity(envelope, {
      ...common,
      type: "stepEnded",
      actor: null,
      data: { step: 2, steps: 3 },
    });
    const data = { envelopeUuid: envelope.id, title: "Lease", status: "signing" };
    expect([...started, ...ended].map((event) => [event.type, event.data])).toEqual([
      ["envelope.step_started", { ...data, step: { number: 2, of: 3 } }],
      ["envelope.step_ended", { ...data, step: { number: 2, of: 3 } }],
    ]);
  });

  it("has no event for a template's own activity", () => {
    expect(
      webhookEventsOfActivity(
        { ...envelope, kind: "template" },
        { ...common, type: "documentApproved", actor, data: {} },
      ),
    ).toEqual([]);
  });
});
