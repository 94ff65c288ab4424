import { describe, expect, it } from "vitest";
import { type AuditEvent } from "./audit-chain";
import { proofModel } from "./proof";

const approver = { name: "Alan Turing", email: "alan@example.com" };
const common = { actor: approver, ip: "198.51.100.7", userAgent: null };
const events: AuditEvent[] = [
  { type: "documentApproved", at: "2026-11-22T10:00:00.000Z", ...common, data: {} },
  {
    type: "approvalRejected",
    at: "2026-11-22T11:00:00.000Z",
    ...common,
    data: { reason: "Wrong figures." },
  },
];
const input = {
  title: "Budget",
  envelopeId: "3f0c9a52-1d7e-4b8e-9d55-0c1f6c2a9e11",
  originalSha256: "0".repeat(64),
  sealedSha256: "1".repeat(64),
  events,
  signers: [],
  generatedAt: new Date("2026-11-22T12:00:00.000Z"),
};

describe("the proof of an envelope with approvers", () => {
  it.each([
    ["en", "Approved", "Rejected by an approver", "Wrong figures."],
    ["fr", "Approuvée", "Rejetée par un approbateur", "Wrong figures."],
  ] as const)(
    "records the approval and the rejection with its reason (%s)",
    (language, approved, rejected, reason) => {
      const model = proofModel({ ...input, language });
      expect(model.events.map((event) => event.event)).toEqual([approved, rejected]);
      expect(model.events[0]).toMatchObject({ actorName: "Alan Turing", ip: "198.51.100.7" });
      expect(model.events[1]?.details.join(" ")).toContain(reason);
    },
  );
});

describe("the proof of an envelope signed in steps", () => {
  const platform = { actor: null, ip: null, userAgent: null };
  const stepEvents: AuditEvent[] = [
    {
      type: "stepStarted",
      at: "2026-11-22T09:00:00.000Z",
      ...platform,
      data: { step: 1, steps: 2, recipients: [approver] },
    },
    { type: "stepEnded", at: "2026-11-22T10:00:00.000Z", ...platform, data: { step: 1, steps: 2 } },
  ];
  it.each([
    ["en", "Signing step started", "Signing step ended", "Step 1 of 2", "Invited: Alan Turing"],
    [
      "fr",
      "Étape de signature commencée",
      "Étape de signature terminée",
      "Étape 1 sur 2",
      "Invités",
    ],
  ] as const)(
    "says which step started and ended, and whom it invited (%s)",
    (language, started, ended, step, invited) => {
      const model = proofModel({ ...input, events: stepEvents, language });
      expect(model.events.map((event) => event.event)).toEqual([started, ended]);
      expect(model.events[0]?.details).toEqual([step, expect.stringContaining(invited)]);
      expect(model.events[0]?.details[1]).toContain("alan@example.com");
      expect(model.events[1]?.details).toEqual([step]);
      expect(model.events[0]?.actorName).toBe("Paraphe");
    },
  );
});
