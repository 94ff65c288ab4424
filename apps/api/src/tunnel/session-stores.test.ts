import { randomBytes } from "node:crypto";
import { MAX_SEQUENCE_NUMBER, type SessionSecrets } from "@paraphe/tunnel-client/protocol";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  silentLogger,
  testDatabaseKinds,
  type TestDatabase,
} from "../test/databases";
import { DatabaseSessionStore } from "./database-session-store";
import { MemorySessionStore } from "./memory-session-store";
import type { TunnelLimits } from "./address-limits";
import type { TunnelSessionStore } from "./session-store";

const lifetimes = { idleMs: 60_000, maxAgeMs: 300_000 };
const T0 = Date.parse("2026-11-22T10:00:00Z");

function someSecrets(): SessionSecrets {
  return {
    c2sKey: new Uint8Array(randomBytes(32)),
    s2cKey: new Uint8Array(randomBytes(32)),
    c2sIv: new Uint8Array(randomBytes(12)),
    s2cIv: new Uint8Array(randomBytes(12)),
  };
}

let counter = 0;
const newId = (): string => `session-${(counter += 1)}-${randomBytes(6).toString("hex")}`;

describe.each(testDatabaseKinds)("tunnel session stores on %s", (kind) => {
  let database: TestDatabase;
  const stores: Record<
    "memory" | "database",
    (limits?: Partial<TunnelLimits>) => TunnelSessionStore
  > = {
    memory: (limits = {}) => new MemorySessionStore({ lifetimes, limits }),
    database: (limits = {}) =>
      new DatabaseSessionStore({
        db: database.connection.db,
        masterKey: randomBytes(32),
        lifetimes,
        logger: silentLogger(),
        limits,
      }),
  };
  /** A store of `name` with `limits`, over an empty table (the database's rows count in its bound). */
  const emptyStore = async (
    name: "memory" | "database",
    limits: Partial<TunnelLimits>,
  ): Promise<TunnelSessionStore> => {
    await sql`DELETE FROM tunnel_session`.execute(database.connection.db);
    return stores[name](limits);
  };
  const tableRows = async (): Promise<number> => {
    const result = await sql<{
      count: string;
    }>`SELECT count(*)::text AS count FROM tunnel_session`.execute(database.connection.db);
    return Number(result.rows[0]?.count);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await database.destroy();
  });

  describe.each(["memory", "database"] as const)("%s", (name) => {
    it("finds a session with its secrets until its idle limit, which each accepted request pushes back", async () => {
      const store = stores[name]();
      const id = newId();
      const secrets = someSecrets();
      expect(await store.create({ id, secrets, createdAt: T0, addressKey: null })).toEqual({
        created: true,
      });
      const found = await store.find(id, T0 + 59_999);
      expect(found?.secrets).toEqual(secrets);
      expect(await store.acceptRequest(id, 0, T0 + 59_999)).toBe("accepted");
      expect(await store.find(id, T0 + 59_999 + 59_999)).toBeDefined();
      expect(await store.find(id, T0 + 59_999 + 60_000)).toBeUndefined();
      expect(await store.acceptRequest(id, 1, T0 + 59_999 + 60_000)).toBe("closed");
    });

    it("closes a session at its absolute limit however busy", async () => {
      const store = stores[name]();
      const id = newId();
      await store.create({ id, secrets: someSecrets(), createdAt: T0, addressKey: null });
      for (let at = T0, seq = 0; at < T0 + 300_000; at += 30_000, seq += 1) {
        expect(await store.acceptRequest(id, seq, at)).toBe("accepted");
      }
      expect(await store.find(id, T0 + 299_999)).toBeDefined();
      expect(await store.find(id, T0 + 300_000)).toBeUndefined();
    });

    it("accepts each request sequence number once, within the window", async () => {
      const store = stores[name]();
      const id = newId();
      await store.create({ id, secrets: someSecrets(), createdAt: T0, addressKey: null });
      expect(await store.acceptRequest(id, 5, T0)).toBe("accepted");
      expect(await store.acceptRequest(id, 5, T0)).toBe("replayed");
      expect(await store.acceptRequest(id, 3, T0)).toBe("accepted");
      expect(await store.acceptRequest(id, 70, T0)).toBe("accepted");
      expect(await store.acceptRequest(id, 6, T0)).toBe("replayed");
      const found = await store.find(id, T0);
      expect(found?.mayAccept(70)).toBe(false);
      expect(found?.mayAccept(7)).toBe(true);
      expect(found?.mayAccept(71)).toBe(true);
      expect(await store.acceptRequest("unknown", 0, T0)).toBe("closed");
    });

    it("hands out response sequence numbers 0, 1, 2, ... once each, even concurrently", async () => {
      const store = stores[name]();
      const id = newId();
      await store.create({ id, secrets: someSecrets(), createdAt: T0, addressKey: null });
      const taken = await Promise.all(Array.from({ length: 20 }, () => store.takeResponseSeq(id)));
      expect([...taken].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        Array.from({ length: 20 }, (_, i) => i),
      );
      expect(await store.takeResponseSeq("unknown")).toBeUndefined();
    });

    it("refuses a new session when full (503 material), after removing the expired ones", async () => {
      const store = await emptyStore(name, { maxSessions: 2 });
      const open = (id: string, createdAt: number) =>
        store.create({ id: `${id}-${name}`, secrets: someSecrets(), createdAt, addressKey: null });
      expect(await open("a", T0)).toEqual({ created: true });
      expect(await open("b", T0)).toEqual({ created: true });
      expect(await open("c", T0)).toEqual({ created: false, reason: "full", retryAfterMs: 60_000 });
      // A minute later both have been idle too long: they are removed and the new one fits.
      expect(await open("c", T0 + 60_000)).toEqual({ created: true });
      if (name === "database") expect(await tableRows()).toBe(1);
    });

    it("makes room in a full store for a new address by closing the least recently used session of the address holding the most", async () => {
      const store = await emptyStore(name, { maxSessions: 10, maxSessionsPerAddress: 4 });
      const open = async (addressKey: string, createdAt: number) => {
        const id = newId();
        const result = await store.create({ id, secrets: someSecrets(), createdAt, addressKey });
        return { id, result };
      };
      // Three flooding networks fill the store: 4 + 3 + 3 sessions, all live.
      const flood: { id: string; network: string }[] = [];
      for (const [network, count] of [
        ["2001:db8:a::/64", 4],
        ["2001:db8:b::/64", 3],
        ["2001:db8:c::/64", 3],
      ] as const) {
        for (let i = 0; i < count; i++) {
          const { id, result } = await open(network, T0 + flood.length);
          expect(result).toEqual({ created: true });
          flood.push({ id, network });
        }
      }
      // The first session of network a is used again: network a's least recently used is now its second.
      const [firstOfA, secondOfA] = flood;
      expect(await store.acceptRequest(firstOfA?.id ?? "", 0, T0 + 100)).toBe("accepted");

      const newcomer = await open("198.51.100.7", T0 + 200);
      expect(newcomer.result).toEqual({ created: true });
      expect(await store.find(newcomer.id, T0 + 200)).toBeDefined();
      expect(await store.find(secondOfA?.id ?? "", T0 + 200)).toBeUndefined();
      expect(await store.find(firstOfA?.id ?? "", T0 + 200)).toBeDefined();
      if (name === "database") expect(await tableRows()).toBe(10);

      // The next newcomers get in too, each at the expense of a network holding three.
      const newcomers = [newcomer.id];
      for (let i = 0; i < 3; i++) {
        const next = await open(`198.51.100.${20 + i}`, T0 + 300 + i);
        expect(next.result).toEqual({ created: true });
        newcomers.push(next.id);
      }
      for (const id of newcomers) expect(await store.find(id, T0 + 400)).toBeDefined();
      const left = await Promise.all(flood.map(({ id }) => store.find(id, T0 + 400)));
      expect(left.filter((session) => session !== undefined)).toHaveLength(6);
      // Every address holds one session: nobody holds more than the newcomer's address.
      const balanced = await emptyStore(name, { maxSessions: 10, maxSessionsPerAddress: 4 });
      for (let i = 0; i < 10; i++) {
        expect(
          await balanced.create({
            id: newId(),
            secrets: someSecrets(),
            createdAt: T0,
            addressKey: `203.0.113.${i}`,
          }),
        ).toEqual({ created: true });
      }
      expect(
        await balanced.create({
          id: newId(),
          secrets: someSecrets(),
          createdAt: T0,
          addressKey: "203.0.113.0",
        }),
      ).toEqual({ created: false, reason: "full", retryAfterMs: 60_000 });
    });

    it("refuses a session past its address's quota until one of that address's sessions expires, counting each address apart", async () => {
      const store = await emptyStore(name, { maxSessionsPerAddress: 2 });
      const open = (addressKey: string | null, createdAt = T0) =>
        store.create({ id: newId(), secrets: someSecrets(), createdAt, addressKey });
      expect(await open("203.0.113.1")).toEqual({ created: true });
      expect(await open("203.0.113.1", T0 + 10_000)).toEqual({ created: true });
      // The first one is idle until T0 + 60 s: that is when this address may open another.
      expect(await open("203.0.113.1", T0 + 20_000)).toEqual({
        created: false,
        reason: "address",
        retryAfterMs: 40_000,
      });
      expect(await open("203.0.113.2", T0 + 20_000)).toEqual({ created: true });
      expect(await open(null, T0 + 20_000)).toEqual({ created: true });
      expect(await open(null, T0 + 20_000)).toEqual({ created: true });
      expect(await open(null, T0 + 20_000)).toEqual({ created: true });
      expect(await open("203.0.113.1", T0 + 60_000)).toEqual({ created: true });
    });

    it("counts handshakes per address in one-minute windows", async () => {
      const store = stores[name]({ handshakesPerAddress: 3 });
      const address = `198.51.100.${(counter += 1) % 250}-${name}-${randomBytes(3).toString("hex")}`;
      for (let i = 0; i < 3; i++) {
        expect(await store.admitHandshake(address, T0 + 1000 * i)).toBeUndefined();
      }
      expect(await store.admitHandshake(address, T0 + 15_000)).toEqual({ retryAfterMs: 45_000 });
      expect(await store.admitHandshake(`${address}-other`, T0 + 15_000)).toBeUndefined();
      expect(await store.admitHandshake(address, T0 + 60_000)).toBeUndefined();
    });

    it("sweeps expired sessions and keeps the others", async () => {
      const store = stores[name]();
      const [old, idle, fresh] = [newId(), newId(), newId()];
      for (const [id, createdAt] of [
        [old, T0 - 300_000],
        [idle, T0 - 61_000],
        [fresh, T0 - 1000],
      ] as const) {
        await store.create({ id, secrets: someSecrets(), createdAt, addressKey: null });
      }
      expect(await store.sweep(T0)).toBeGreaterThanOrEqual(2);
      expect(await store.find(old, T0 - 1)).toBeUndefined();
      expect(await store.find(idle, T0 - 1)).toBeUndefined();
      expect(await store.find(fresh, T0)).toBeDefined();
    });
  });

  it("database: closes a session whose response counter is exhausted", async () => {
    const store = stores.database();
    const id = newId();
    await store.create({ id, secrets: someSecrets(), createdAt: T0, addressKey: null });
    await sql`UPDATE tunnel_session SET next_response_seq = ${MAX_SEQUENCE_NUMBER} WHERE id = ${id}`.execute(
      database.connection.db,
    );
    expect(await store.takeResponseSeq(id)).toBe(MAX_SEQUENCE_NUMBER);
    expect(await store.takeResponseSeq(id)).toBeUndefined();
    expect(await store.find(id, T0)).toBeUndefined();
  });

  it("database: drops a session whose row does not decrypt under this master key", async () => {
    const writer = stores.database();
    const reader = stores.database();
    const id = newId();
    await writer.create({ id, secrets: someSecrets(), createdAt: T0, addressKey: null });
    expect(await reader.find(id, T0)).toBeUndefined();
    expect(await writer.find(id, T0)).toBeUndefined();
  });
});
