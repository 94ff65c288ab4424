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
  const stores: Record<"memory" | "database", () => TunnelSessionStore> = {
    memory: () => new MemorySessionStore({ lifetimes }),
    database: () =>
      new DatabaseSessionStore({
        db: database.connection.db,
        masterKey: randomBytes(32),
        lifetimes,
        logger: silentLogger(),
      }),
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
      expect(await store.create({ id, secrets, createdAt: T0 })).toBe(true);
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
      await store.create({ id, secrets: someSecrets(), createdAt: T0 });
      for (let at = T0, seq = 0; at < T0 + 300_000; at += 30_000, seq += 1) {
        expect(await store.acceptRequest(id, seq, at)).toBe("accepted");
      }
      expect(await store.find(id, T0 + 299_999)).toBeDefined();
      expect(await store.find(id, T0 + 300_000)).toBeUndefined();
    });

    it("accepts each request sequence number once, within the window", async () => {
      const store = stores[name]();
      const id = newId();
      await store.create({ id, secrets: someSecrets(), createdAt: T0 });
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
      await store.create({ id, secrets: someSecrets(), createdAt: T0 });
      const taken = await Promise.all(Array.from({ length: 20 }, () => store.takeResponseSeq(id)));
      expect([...taken].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        Array.from({ length: 20 }, (_, i) => i),
      );
      expect(await store.takeResponseSeq("unknown")).toBeUndefined();
    });

    it("sweeps expired sessions and keeps the others", async () => {
      const store = stores[name]();
      const [old, idle, fresh] = [newId(), newId(), newId()];
      await store.create({ id: old, secrets: someSecrets(), createdAt: T0 - 300_000 });
      await store.create({ id: idle, secrets: someSecrets(), createdAt: T0 - 61_000 });
      await store.create({ id: fresh, secrets: someSecrets(), createdAt: T0 - 1000 });
      expect(await store.sweep(T0)).toBeGreaterThanOrEqual(2);
      expect(await store.find(old, T0 - 1)).toBeUndefined();
      expect(await store.find(idle, T0 - 1)).toBeUndefined();
      expect(await store.find(fresh, T0)).toBeDefined();
    });
  });

  it("memory: refuses a new session when full, after sweeping what expired", async () => {
    const store = new MemorySessionStore({ lifetimes, maxSessions: 2 });
    expect(await store.create({ id: "a", secrets: someSecrets(), createdAt: T0 })).toBe(true);
    expect(await store.create({ id: "b", secrets: someSecrets(), createdAt: T0 })).toBe(true);
    expect(await store.create({ id: "c", secrets: someSecrets(), createdAt: T0 })).toBe(false);
    expect(await store.create({ id: "c", secrets: someSecrets(), createdAt: T0 + 60_000 })).toBe(
      true,
    );
  });

  it("database: closes a session whose response counter is exhausted", async () => {
    const store = stores.database();
    const id = newId();
    await store.create({ id, secrets: someSecrets(), createdAt: T0 });
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
    await writer.create({ id, secrets: someSecrets(), createdAt: T0 });
    expect(await reader.find(id, T0)).toBeUndefined();
    expect(await writer.find(id, T0)).toBeUndefined();
  });
});
