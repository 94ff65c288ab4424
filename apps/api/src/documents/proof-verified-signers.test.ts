import { describe, expect, it } from "vitest";
import { type AuditEvent } from "./audit-chain";
import { proofModel } from "./proof";

const signer = { name: "Ada Lovelace", email: "ada@example.com" };
const events: AuditEvent[] = [
  {
    type: "signerVerified",
    at: "2026-11-22T10:00:00.000Z",
    actor: signer,
    ip: "198.51.100.7",
    userAgent: "Firefox",
    data: { method: "email_code" },
  },
];
const input = {
  title: "Lease",
  envelopeId: "3f0c9a52-1d7e-4b8e-9d55-0c1f6c2a9e11",
  originalSha256: "0".repeat(64),
  sealedSha256: "1".repeat(64),
  events,
  signers: [],
  generatedAt: new Date("2026-11-22T12:00:00.000Z"),
};

describe("the proof of a signer verified by a code sent by email", () => {
  it.each([
    ["en", "Identity checked", "Method: a one-time code sent to the signer’s email address"],
    [
      "fr",
      "Identité vérifiée",
      "Méthode\u00a0: un code à usage unique envoyé à l’adresse e-mail du signataire",
    ],
  ] as const)("says the check, its method, time and signer (%s)", (language, label, method) => {
    const model = proofModel({ ...input, language });
    expect(model.events).toHaveLength(1);
    expect(model.events[0]).toMatchObject({
      event: label,
      details: [method],
      actorName: "Ada Lovelace",
      ip: "198.51.100.7",
    });
    expect(model.events[0]?.time).not.toBe("");
  });
});

describe("the proof of a signer verified by a code sent by SMS", () => {
  it.each([
    ["en", "Method: a one-time code sent by SMS to the signer’s phone"],
    ["fr", "Méthode\u00a0: un code à usage unique envoyé par SMS au téléphone du signataire"],
  ] as const)("says the method (%s)", (language, method) => {
    const first = events[0];
    if (first?.type !== "signerVerified") throw new Error("expected a signerVerified event");
    const model = proofModel({
      ...input,
      events: [{ ...first, data: { method: "sms_code" } }],
      language,
    });
    expect(model.events[0]?.details).toEqual([method]);
  });
});

describe("the proof of a signer verified by their Paraphe account", () => {
  it.each([
    [
      "en",
      "email_code",
      "Method: signed in to the Paraphe account of the signer’s email address, with a one-time code sent to that address",
    ],
    [
      "en",
      "passkey",
      "Method: signed in to the Paraphe account of the signer’s email address, with a passkey of that account",
    ],
    [
      "fr",
      "passkey",
      "Méthode\u00a0: connexion au compte Paraphe de l’adresse e-mail du signataire, avec une clé d’accès de ce compte",
    ],
  ] as const)("says the method and how (%s, %s)", (language, factor, method) => {
    const first = events[0];
    if (first?.type !== "signerVerified") throw new Error("expected a signerVerified event");
    const model = proofModel({
      ...input,
      events: [{ ...first, data: { method: "account", factor } }],
      language,
    });
    expect(model.events[0]?.details).toEqual([method]);
  });
});
