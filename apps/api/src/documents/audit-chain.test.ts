import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type AuditEvent,
  type ChainedEvent,
  canonicalJson,
  chainEvent as chainEventWith,
  deriveActivityKey,
  hashLink,
  verifyChain as verifyChainWithKey,
  verifyChainWith,
} from "./audit-chain";

const KEY = deriveActivityKey(randomBytes(32));
const chainEvent = (previousHash: string | null, event: AuditEvent): ChainedEvent =>
  chainEventWith(KEY, previousHash, event);
const verifyChain = (
  entries: readonly ChainedEvent[],
  options?: { expectedHead?: string | null },
) => verifyChainWithKey(KEY, entries, options);

const alice = { name: "Alice Martin", email: "alice@example.com" };
const zoe = { name: "Zoë Łukasiewicz", email: "zoe@example.fr" };
const web = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };

const events: AuditEvent[] = [
  {
    type: "envelopeCreated",
    at: "2026-11-22T09:00:00.000Z",
    actor: alice,
    ...web,
    data: { title: "Contrat de service" },
  },
  {
    type: "envelopeSent",
    at: "2026-11-22T09:05:00.000Z",
    actor: alice,
    ...web,
    data: { recipients: [zoe] },
  },
  {
    type: "envelopeOpened",
    at: "2026-11-22T10:00:00.000Z",
    actor: zoe,
    ip: "198.51.100.4",
    userAgent: "Safari",
    data: {},
  },
  {
    type: "documentSigned",
    at: "2026-11-22T10:02:00.000Z",
    actor: zoe,
    ip: "198.51.100.4",
    userAgent: "Safari",
    data: {},
  },
  {
    type: "envelopeCompleted",
    at: "2026-11-22T10:02:01.000Z",
    actor: null,
    ip: null,
    userAgent: null,
    data: { sealedSha256: "a".repeat(64) },
  },
];

function chain(list: AuditEvent[]): ChainedEvent[] {
  const entries: ChainedEvent[] = [];
  for (const event of list) entries.push(chainEvent(entries.at(-1)?.hash ?? null, event));
  return entries;
}

const clone = <T>(value: T): T => structuredClone(value);

describe("audit chain", () => {
  it("verifies an untouched chain, and its head hash", () => {
    const entries = chain(events);
    expect(entries.every((entry) => /^[0-9a-f]{64}$/.test(entry.hash))).toBe(true);
    expect(verifyChain(entries)).toEqual({ ok: true });
    expect(verifyChain(entries, { expectedHead: entries.at(-1)!.hash })).toEqual({ ok: true });
    expect(verifyChain([])).toEqual({ ok: true });
  });

  it("detects a change to any field of a past event", () => {
    const tamperings: Array<
      (event: Record<string, unknown> & { data: Record<string, unknown> }) => void
    > = [
      (event) => (event.at = "2026-11-22T08:59:59.000Z"),
      (event) => (event.ip = "192.0.2.1"),
      (event) => (event.userAgent = "curl/8.0"),
      (event) => ((event.actor as { email: string }).email = "mallory@example.com"),
      (event) => ((event.data.recipients as { name: string }[])[0]!.name = "Mallory"),
      (event) => (event.data.extra = "x"),
    ];
    for (const tamper of tamperings) {
      const entries = clone(chain(events));
      tamper(entries[1]!.event as never);
      expect(verifyChain(entries)).toEqual({ ok: false, brokenAt: 1 });
    }
  });

  it("detects a changed type even when the data still fits", () => {
    const entries = clone(chain(events));
    (entries[2]!.event as { type: string }).type = "documentSigned";
    expect(verifyChain(entries)).toEqual({ ok: false, brokenAt: 2 });
  });

  it("detects a rewritten event whose own hash was recomputed", () => {
    const entries = chain(events);
    const forged = chainEvent(entries[0]!.hash, {
      ...events[1]!,
      at: "2026-11-21T00:00:00.000Z",
    } as AuditEvent);
    const tampered = [entries[0]!, forged, ...entries.slice(2)];
    expect(verifyChain(tampered)).toEqual({ ok: false, brokenAt: 2 });
  });

  it("detects a removed event", () => {
    const entries = chain(events);
    expect(verifyChain([...entries.slice(0, 2), ...entries.slice(3)])).toEqual({
      ok: false,
      brokenAt: 2,
    });
    expect(verifyChain(entries.slice(1))).toEqual({ ok: false, brokenAt: 0 });
    // The newest events dropped: caught against the head hash kept elsewhere.
    expect(verifyChain(entries.slice(0, 3), { expectedHead: entries.at(-1)!.hash })).toEqual({
      ok: false,
      brokenAt: 3,
    });
  });

  it("detects reordered events", () => {
    const entries = chain(events);
    const swapped = [entries[0]!, entries[2]!, entries[1]!, ...entries.slice(3)];
    expect(verifyChain(swapped)).toEqual({ ok: false, brokenAt: 1 });
  });

  it("refuses an event whose data does not fit its type", () => {
    expect(() =>
      chainEvent(null, {
        type: "envelopeDeclined",
        at: "2026-11-22T10:00:00.000Z",
        actor: zoe,
        ip: null,
        userAgent: null,
        data: { reason: "" },
      }),
    ).toThrow();
    expect(() => chainEvent(null, { ...events[1]!, data: {} } as unknown as AuditEvent)).toThrow();
  });

  it("cannot be rewritten by someone without the key: an event rewritten and the chain recomputed with bare SHA-256 fails", () => {
    const entries = chain(events);
    const rewritten = clone(events);
    (rewritten[3]!.actor as { email: string }).email = "mallory@example.com";
    const forged: ChainedEvent[] = [];
    for (const event of rewritten) {
      const previousHash = forged.at(-1)?.hash ?? null;
      forged.push({ event, hash: hashLink({ kind: "legacy-sha256" }, previousHash, event) });
    }
    // Consistent as a bare SHA-256 chain, head included ...
    expect(verifyChainWith({ kind: "legacy-sha256" }, forged)).toEqual({ ok: true });
    // ... but not under the key, from its first event on.
    expect(verifyChain(forged, { expectedHead: forged.at(-1)!.hash })).toEqual({
      ok: false,
      brokenAt: 0,
    });
    expect(verifyChain(entries)).toEqual({ ok: true });
  });

  it("fails an event rewritten and the chain recomputed under another key", () => {
    const otherKey = deriveActivityKey(randomBytes(32));
    const rewritten = clone(events);
    rewritten[1]!.at = "2026-11-21T00:00:00.000Z";
    const forged: ChainedEvent[] = [];
    for (const event of rewritten)
      forged.push(chainEventWith(otherKey, forged.at(-1)?.hash ?? null, event));
    expect(verifyChainWithKey(otherKey, forged)).toEqual({ ok: true });
    expect(verifyChain(forged, { expectedHead: forged.at(-1)!.hash })).toEqual({
      ok: false,
      brokenAt: 0,
    });
  });

  it("derives a different key from each master key, and hashes with HMAC-SHA-256", () => {
    const master = randomBytes(32);
    expect(deriveActivityKey(master)).toEqual(deriveActivityKey(master));
    expect(deriveActivityKey(master)).not.toEqual(deriveActivityKey(randomBytes(32)));
    expect(() => deriveActivityKey(randomBytes(16))).toThrow(/32 bytes/);
    const entry = chainEvent(null, events[0]!);
    expect(entry.hash).not.toBe(hashLink({ kind: "legacy-sha256" }, null, events[0]!));
  });

  it("hashes a canonical JSON: key order does not matter", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: null, e: "é" }], c: true } })).toBe(
      '{"a":{"c":true,"d":[2,{"e":"é","f":null}]},"b":1}',
    );
    const reordered = Object.fromEntries(Object.entries(events[0]!).reverse()) as AuditEvent;
    expect(chainEvent(null, reordered).hash).toBe(chainEvent(null, events[0]!).hash);
  });
});
