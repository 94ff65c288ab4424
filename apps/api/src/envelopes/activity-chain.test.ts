import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashLink, type AuditEvent, type ChainHash } from "../documents/audit-chain";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { silentLogger, testDatabaseKinds } from "../test/databases";
import { loadActivity, rekeyLegacyChains } from "./activity";
import { sentEnvelope, signUpMember, type TeamMember } from "../test/envelopes";

describe.each(testDatabaseKinds)("the keyed activity chain on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "chain-sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /**
   * What someone who can write the database does: rewrites one event (or none) and recomputes
   * every hash of the envelope's chain and its head with `hash`. Returns the new head.
   */
  async function rewriteChain(
    envelopeId: string,
    hash: ChainHash,
    options: { rewrite?: (event: AuditEvent, seq: number) => AuditEvent; keyed?: boolean } = {},
  ): Promise<string | null> {
    const db = h.database.connection.db;
    const rows = await db
      .selectFrom("activityEvent")
      .select(["seq", "data"])
      .where("envelopeId", "=", envelopeId)
      .orderBy("seq")
      .execute();
    let previousHash: string | null = null;
    for (const row of rows) {
      const original = row.data as AuditEvent;
      const event = options.rewrite?.(original, row.seq) ?? original;
      const next = hashLink(hash, previousHash, event);
      await db
        .updateTable("activityEvent")
        .set({
          data: JSON.stringify(event),
          hash: next,
          previousHash,
          ...(options.keyed === undefined ? {} : { keyed: options.keyed }),
        })
        .where("envelopeId", "=", envelopeId)
        .where("seq", "=", row.seq)
        .execute();
      previousHash = next;
    }
    await db
      .updateTable("envelope")
      .set({ activityHead: previousHash })
      .where("id", "=", envelopeId)
      .execute();
    return previousHash;
  }

  const otherIp = (event: AuditEvent, seq: number): AuditEvent =>
    seq === 2 ? { ...event, ip: "192.0.2.66" } : event;

  it("detects an event rewritten with the whole chain recomputed with bare SHA-256", async () => {
    const envelope = await sentEnvelope(sender, [uniqueEmail("chain-a")]);
    const before = await sender.api.envelope.activity({ envelopeUuid: envelope.uuid });
    expect(before.chainValid).toBe(true);

    await rewriteChain(envelope.uuid, { kind: "legacy-sha256" }, { rewrite: otherIp });

    const after = await sender.api.envelope.activity({ envelopeUuid: envelope.uuid });
    expect(after.events[1]?.ipAddress).toBe("192.0.2.66");
    expect(after.chainValid).toBe(false);
  });

  it("detects an event rewritten with the whole chain recomputed under a wrong key", async () => {
    const envelope = await sentEnvelope(sender, [uniqueEmail("chain-b")]);
    const wrongKey = Buffer.alloc(32, 9);
    await rewriteChain(envelope.uuid, { kind: "keyed", key: wrongKey }, { rewrite: otherIp });
    expect((await sender.api.envelope.activity({ envelopeUuid: envelope.uuid })).chainValid).toBe(
      false,
    );
  });

  it("re-keys a chain recorded before keying once it checks out, and says when", async () => {
    const db = h.database.connection.db;
    const envelope = await sentEnvelope(sender, [uniqueEmail("chain-legacy")]);
    // As an older version recorded it: bare SHA-256, not keyed.
    await rewriteChain(envelope.uuid, { kind: "legacy-sha256" }, { keyed: false });
    expect((await loadActivity({ db }, h.t.activityKey, envelope.uuid)).chainValid).toBe(false);

    const at = new Date("2026-11-23T12:00:00.000Z");
    expect(await rekeyLegacyChains(db, h.t.activityKey, silentLogger(), at)).toBe(1);

    const activity = await loadActivity({ db }, h.t.activityKey, envelope.uuid);
    expect(activity.chainValid).toBe(true);
    expect(activity.rekeyedAt).toEqual(at);
    // Nothing left to re-key.
    expect(await rekeyLegacyChains(db, h.t.activityKey, silentLogger(), at)).toBe(0);
  });

  it("leaves a chain recorded before keying that does not check out as it is: still invalid", async () => {
    const db = h.database.connection.db;
    const envelope = await sentEnvelope(sender, [uniqueEmail("chain-legacy-broken")]);
    await rewriteChain(envelope.uuid, { kind: "legacy-sha256" }, { keyed: false });
    // Then an event edited without recomputing anything.
    await db
      .updateTable("activityEvent")
      .set({
        data: JSON.stringify({
          ...((
            await db
              .selectFrom("activityEvent")
              .select("data")
              .where("envelopeId", "=", envelope.uuid)
              .where("seq", "=", 1)
              .executeTakeFirstOrThrow()
          ).data as AuditEvent),
          ip: "192.0.2.66",
        }),
      })
      .where("envelopeId", "=", envelope.uuid)
      .where("seq", "=", 1)
      .execute();

    expect(await rekeyLegacyChains(db, h.t.activityKey, silentLogger())).toBe(0);
    const activity = await loadActivity({ db }, h.t.activityKey, envelope.uuid);
    expect(activity.chainValid).toBe(false);
    expect(activity.rekeyedAt).toBeNull();
  });
});
