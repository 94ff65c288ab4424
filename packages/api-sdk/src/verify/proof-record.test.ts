import { describe, expect, it } from "vitest";
import {
  buildProofRecord,
  canonicalJson,
  checkProofChain,
  encodeProofRecord,
  proofRecordSchema,
  publicChainHash,
  type ProofRecord,
} from "./proof-record";

const sealedSha256 = "b".repeat(64);
const events = [
  {
    type: "envelopeCreated",
    at: "2026-11-22T09:00:00.000Z",
    actor: { name: "Alice", email: "alice@example.com" },
    ip: "203.0.113.7",
    userAgent: null,
    data: { title: "Lease" },
  },
  {
    type: "documentSigned",
    at: "2026-11-22T10:02:00.000Z",
    actor: { name: "Zoë", email: "zoe@example.fr" },
    ip: "2001:db8::1",
    userAgent: "Firefox",
    data: {},
  },
  {
    type: "envelopeCompleted",
    at: "2026-11-22T10:02:01.000Z",
    actor: null,
    ip: null,
    userAgent: null,
    data: { sealedSha256 },
  },
];

function record(): ProofRecord {
  return buildProofRecord({
    envelopeId: "0b8e4c6e-2f7d-4d8a-9c51-7f3e2a1b9d40",
    title: "Lease",
    generatedAt: new Date("2026-11-22T10:02:05.000Z"),
    documents: [{ originalSha256: "a".repeat(64), sealedSha256 }],
    events,
  });
}

describe("the proof record", () => {
  it("chains each event to the one before with SHA-256 over canonical JSON", () => {
    const built = record();
    const [first, second] = built.chain.entries;
    expect(first?.previousHash).toBeNull();
    expect(second?.previousHash).toBe(first?.hash);
    expect(second?.hash).toBe(publicChainHash(first?.hash ?? null, events[1]!));
    expect(built.chain.head).toBe(built.chain.entries[2]?.hash);
    expect(checkProofChain(built)).toEqual({ ok: true, events: 3 });
  });

  it("round-trips through its embedded bytes and the schema", () => {
    const built = record();
    const parsed = proofRecordSchema.parse(
      JSON.parse(new TextDecoder().decode(encodeProofRecord(built))),
    );
    expect(parsed).toEqual(built);
    expect(checkProofChain(parsed).ok).toBe(true);
  });

  it("finds the first changed event", () => {
    const built = record();
    built.chain.entries[1]!.event = { ...built.chain.entries[1]!.event, ip: "198.51.100.1" };
    expect(checkProofChain(built)).toEqual({ ok: false, brokenAt: 1, reason: "hash" });
  });

  it("finds a removed or reordered event", () => {
    const removed = record();
    removed.chain.entries.splice(1, 1);
    expect(checkProofChain(removed)).toEqual({ ok: false, brokenAt: 1, reason: "previous-hash" });
    const reordered = record();
    reordered.chain.entries.reverse();
    expect(checkProofChain(reordered)).toMatchObject({ ok: false, brokenAt: 0 });
  });

  it("finds dropped newest events through the head", () => {
    const dropped = record();
    dropped.chain.entries.pop();
    expect(checkProofChain(dropped)).toEqual({ ok: false, brokenAt: 2, reason: "head" });
  });

  it("refuses a completion event that names another sealed file than the documents list", () => {
    const built = record();
    built.documents[0]!.sealedSha256 = "c".repeat(64);
    expect(checkProofChain(built)).toEqual({ ok: false, brokenAt: 2, reason: "completed-hash" });
  });

  it("bounds what it accepts: unknown fields, bad hashes and too many documents are refused", () => {
    const built = record();
    expect(proofRecordSchema.safeParse({ ...built, extra: 1 }).success).toBe(false);
    expect(
      proofRecordSchema.safeParse({ ...built, chain: { ...built.chain, head: "xyz" } }).success,
    ).toBe(false);
    const documents = Array.from({ length: 101 }, () => built.documents[0]);
    expect(proofRecordSchema.safeParse({ ...built, documents }).success).toBe(false);
  });

  it("writes canonical JSON: keys sorted at every level, undefined left out", () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: "é" }, u: undefined })).toBe(
      '{"a":{"c":"é","d":[true,null]},"b":1}',
    );
  });
});
