import { randomBytes } from "node:crypto";
import { errorResponseSchema, type ErrorResponse } from "@paraphe/api-sdk/contract";
import { createTunnelSession } from "@paraphe/tunnel-client";
import {
  decodeServerHello,
  encodeClientHello,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
} from "@paraphe/tunnel-client/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { validateJson } from "../http/validate";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../test/databases";
import type { TunnelTables } from "./database-session-store";
import { HandshakeResponder, PENDING_HANDSHAKE_LIFETIME_MS } from "./handshake";
import { MemorySessionStore } from "./memory-session-store";
import { deriveSecretsKey, openSecrets } from "./secrets-at-rest";
import {
  bindingVerifier,
  createTestTunnelClient,
  fetchFromApp,
  openManualSession,
} from "../test/tunnel";
import { startTunnelSweeper } from "./tunnel";

async function errorOf(response: Response): Promise<ErrorResponse> {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return errorResponseSchema.parse(await response.json());
}

describe.each(testDatabaseKinds)("the tunnel handshake on %s", (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let clock = Date.parse("2026-11-22T10:00:00Z");

  const post = (body: Uint8Array | string, headers: Record<string, string> = {}) =>
    t.app.request("/tunnel/session", {
      method: "POST",
      headers: { "Content-Type": TUNNEL_CONTENT_TYPE, ...headers },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });

  /** Step 1 by hand; the session drives the rest. */
  async function hello() {
    const session = createTunnelSession({ verifyEvidence: bindingVerifier() });
    const clientHello = await session.getOutgoingMessage();
    if (clientHello === null) throw new Error("no hello");
    const response = await post(clientHello);
    expect(response.status).toBe(200);
    const sessionId = response.headers.get(SESSION_ID_HEADER) ?? "";
    const serverHello = new Uint8Array(await response.arrayBuffer());
    await session.putIncomingMessage(serverHello, { sessionId });
    const clientFinished = await session.getOutgoingMessage();
    if (clientFinished === null) throw new Error("no finished");
    return { session, sessionId, serverHello, clientFinished, response };
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database.connection.db, {}, { now: () => clock });
  });

  afterAll(async () => {
    await t.destroy();
    await database.destroy();
  });

  it("answers step 1 with a fresh session id, the server hello and no caching", async () => {
    const { sessionId, serverHello, response } = await hello();
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { evidence } = decodeServerHello(serverHello);
    expect(
      Buffer.from(evidence.hpkePublicKey, "base64url").equals(
        Buffer.from(t.tunnel.identity.publicKey),
      ),
    ).toBe(true);
    const other = await hello();
    expect(other.sessionId).not.toBe(sessionId);
  });

  it("opens the session at step 2 with a key confirmation the client checks", async () => {
    const { session, sessionId, clientFinished } = await hello();
    const response = await post(clientFinished, { [SESSION_ID_HEADER]: sessionId });
    expect(response.status).toBe(200);
    expect(response.headers.get(SESSION_ID_HEADER)).toBe(sessionId);
    await session.putIncomingMessage(new Uint8Array(await response.arrayBuffer()), { sessionId });
    expect(session.isOpen()).toBe(true);
  });

  it("refuses a malformed client hello with TUNNEL_ERROR 400", async () => {
    for (const body of [
      new Uint8Array(0),
      new Uint8Array([1, 1, 0, 0, 0, 2, 9, 9]),
      encodeClientHello({ clientNonce: randomBytes(32) }).subarray(0, 37),
    ]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).error.code).toBe("TUNNEL_ERROR");
    }
  });

  it("refuses a handshake message that is not application/octet-stream, or too large, with TUNNEL_ERROR 400", async () => {
    const hello = encodeClientHello({ clientNonce: randomBytes(32) });
    const wrongType = await post(hello, { "Content-Type": "application/json" });
    expect(wrongType.status).toBe(400);
    expect((await errorOf(wrongType)).error.code).toBe("TUNNEL_ERROR");
    const large = await post(new Uint8Array(4096));
    expect(large.status).toBe(400);
  });

  it("answers step 2 of an unknown handshake with TUNNEL_ERROR 401, so that the client starts over", async () => {
    const { clientFinished } = await hello();
    for (const sessionId of ["A".repeat(43), "bad id"]) {
      const response = await post(clientFinished, { [SESSION_ID_HEADER]: sessionId });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).error.code).toBe("TUNNEL_ERROR");
    }
  });

  it("takes one attempt per pending handshake: a second step 2 gets 401", async () => {
    const { sessionId, clientFinished } = await hello();
    expect((await post(clientFinished, { [SESSION_ID_HEADER]: sessionId })).status).toBe(200);
    const again = await post(clientFinished, { [SESSION_ID_HEADER]: sessionId });
    expect(again.status).toBe(401);
  });

  it("forgets a handshake whose step 2 comes too late (401)", async () => {
    const { sessionId, clientFinished } = await hello();
    clock += PENDING_HANDSHAKE_LIFETIME_MS;
    const response = await post(clientFinished, { [SESSION_ID_HEADER]: sessionId });
    expect(response.status).toBe(401);
  });

  it("refuses a key confirmation that does not authenticate with TUNNEL_ERROR 403, and a malformed one with 400", async () => {
    const first = await hello();
    const forged = new Uint8Array(first.clientFinished);
    forged[forged.length - 1] = (forged[forged.length - 1] ?? 0) ^ 1;
    const response = await post(forged, { [SESSION_ID_HEADER]: first.sessionId });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).error.code).toBe("TUNNEL_ERROR");

    const second = await hello();
    const otherKey = await hello();
    // A finished message made for another handshake (other hellos, other transcript).
    const mixed = await post(otherKey.clientFinished, { [SESSION_ID_HEADER]: second.sessionId });
    expect(mixed.status).toBe(403);

    const third = await hello();
    const malformed = await post(third.clientFinished.subarray(0, 20), {
      [SESSION_ID_HEADER]: third.sessionId,
    });
    expect(malformed.status).toBe(400);
  });

  it("sweeps handshakes that waited too long, on the sweeper's schedule", async () => {
    await hello();
    expect(t.tunnel.responder.pendingCount).toBeGreaterThan(0);
    clock += PENDING_HANDSHAKE_LIFETIME_MS;
    const stop = startTunnelSweeper(t.tunnel, t.logger, 5);
    try {
      await expect
        .poll(() => t.tunnel.responder.pendingCount, { timeout: 2000, interval: 10 })
        .toBe(0);
    } finally {
      stop();
    }
  });

  it("still opens a session for a new client while three hundred networks flood the pending handshakes, each losing its own oldest past its share", async () => {
    const responder = new HandshakeResponder({
      identity: t.tunnel.identity,
      store: new MemorySessionStore({ lifetimes: { idleMs: 60_000, maxAgeMs: 300_000 } }),
      maxPending: 200,
      maxPendingPerAddress: 4,
    });
    const floodHello = () => encodeClientHello({ clientNonce: randomBytes(32) });
    const networks = Array.from({ length: 300 }, (_, i) => `2001:db8:${i.toString(16)}::/64`);
    const firstOf = new Map<string, string>();
    for (let round = 0; round < 6; round++) {
      for (const network of networks) {
        const { sessionId } = await responder.hello(floodHello(), clock + round, network);
        if (round === 0) firstOf.set(network, sessionId);
      }
    }
    expect(responder.pendingCount).toBe(200);
    for (const network of networks)
      expect(responder.pendingCountOf(network)).toBeLessThanOrEqual(4);

    // A newcomer's handshake goes through both steps, in the middle of the flood.
    const session = createTunnelSession({ verifyEvidence: bindingVerifier() });
    const clientHello = await session.getOutgoingMessage();
    if (clientHello === null) throw new Error("no hello");
    const newcomer = await responder.hello(clientHello, clock + 10, "198.51.100.7");
    await session.putIncomingMessage(newcomer.serverHello, { sessionId: newcomer.sessionId });
    for (const network of networks.slice(0, 50)) {
      await responder.hello(floodHello(), clock + 11, network);
    }
    const clientFinished = await session.getOutgoingMessage();
    if (clientFinished === null) throw new Error("no finished");
    const serverFinished = await responder.finish(newcomer.sessionId, clientFinished, clock + 12);
    await session.putIncomingMessage(serverFinished, { sessionId: newcomer.sessionId });
    expect(session.isOpen()).toBe(true);

    // A flooding network's first handshake made room for its later ones: its step 2 is refused.
    const dropped = firstOf.get(networks[0] ?? "") ?? "";
    await expect(responder.finish(dropped, clientFinished, clock + 12)).rejects.toMatchObject({
      status: 401,
    });
  });

  it("answers 503 only when no other address holds more pending handshakes than the newcomer's", async () => {
    const responder = new HandshakeResponder({
      identity: t.tunnel.identity,
      store: new MemorySessionStore({ lifetimes: { idleMs: 60_000, maxAgeMs: 300_000 } }),
      maxPending: 3,
      maxPendingPerAddress: 3,
    });
    const floodHello = () => encodeClientHello({ clientNonce: randomBytes(32) });
    for (const network of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
      await responder.hello(floodHello(), clock, network);
    }
    await expect(responder.hello(floodHello(), clock, "203.0.113.1")).rejects.toMatchObject({
      status: 503,
    });
    // Once the lifetime is over, the table empties itself for whoever comes.
    await responder.hello(floodHello(), clock + PENDING_HANDSHAKE_LIFETIME_MS, "203.0.113.1");
    expect(responder.pendingCount).toBe(1);
  });

  it("serves the reference values in public, unsealed", async () => {
    const response = await t.app.request("/attestation/reference-values");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-encrypted-response")).toBeNull();
    expect(await response.json()).toEqual({ referenceValues: {} });
  });
});

describe.each(testDatabaseKinds)("replicas sharing the database session store on %s", (kind) => {
  let database: TestDatabase;
  let replicaA: TestApp;
  let replicaB: TestApp;
  const recorded: string[] = [];
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const routes = (name: string) => (app: TestApp["app"]) => {
      app.post("/test/where", validateJson(z.object({ note: z.string() })), (c) => {
        recorded.push(`${name}:${c.req.valid("json").note}`);
        return c.json({ replica: name });
      });
    };
    replicaA = await createTestApp(
      database.connection.db,
      { TUNNEL_SESSION_STORE: "database" },
      { masterKey, routes: routes("a"), verifyRequestSignature: null },
    );
    replicaB = await createTestApp(
      database.connection.db,
      { TUNNEL_SESSION_STORE: "database" },
      { masterKey, routes: routes("b"), verifyRequestSignature: null },
    );
  });

  afterAll(async () => {
    await replicaA.destroy();
    await replicaB.destroy();
    await database.destroy();
  });

  it("each have their own HPKE key pair", () => {
    expect(
      Buffer.from(replicaA.tunnel.identity.publicKey).equals(
        Buffer.from(replicaB.tunnel.identity.publicKey),
      ),
    ).toBe(false);
  });

  it("serve a session opened on one replica on the other, and refuse its replay on either", async () => {
    const s = await openManualSession(fetchFromApp(replicaA.app));
    const first = await s.seal("POST", "/test/where", { note: "1" });
    const atB = await replicaB.app.request("/test/where", {
      method: "POST",
      headers: { "Content-Type": TUNNEL_CONTENT_TYPE, [SESSION_ID_HEADER]: s.sessionId },
      body: new Uint8Array(first.sealed),
    });
    expect(atB.status).toBe(200);
    expect(
      await s.open(atB, { method: "POST", path: "/test/where", requestSeq: first.seq }),
    ).toEqual({ replica: "b" });

    const replayAtA = await s.send("/test/where", first.sealed);
    expect(replayAtA.status).toBe(400);

    // The response counter is shared too: the next answer, from A, has the next sequence number.
    const second = await s.seal("POST", "/test/where", { note: "2" });
    const atA = await s.send("/test/where", second.sealed);
    expect(
      await s.open(atA, { method: "POST", path: "/test/where", requestSeq: second.seq }),
    ).toEqual({ replica: "a" });
    expect(recorded).toEqual(["b:1", "a:2"]);
  });

  it("answers a second handshake step that reaches another replica with 401, which the client survives", async () => {
    const session = createTunnelSession({ verifyEvidence: bindingVerifier() });
    const clientHello = await session.getOutgoingMessage();
    const step1 = await replicaA.app.request("/tunnel/session", {
      method: "POST",
      headers: { "Content-Type": TUNNEL_CONTENT_TYPE },
      body: new Uint8Array(clientHello ?? []),
    });
    const sessionId = step1.headers.get(SESSION_ID_HEADER) ?? "";
    await session.putIncomingMessage(new Uint8Array(await step1.arrayBuffer()), { sessionId });
    const clientFinished = await session.getOutgoingMessage();
    const step2 = await replicaB.app.request("/tunnel/session", {
      method: "POST",
      headers: { "Content-Type": TUNNEL_CONTENT_TYPE, [SESSION_ID_HEADER]: sessionId },
      body: new Uint8Array(clientFinished ?? []),
    });
    expect(step2.status).toBe(401);

    // The real client: its first handshake is split across replicas, it starts over, and its second
    // handshake (both steps on one replica, as load-balancer affinity makes them) opens the session.
    const route = [replicaA, replicaB, replicaB, replicaB];
    const misrouted = async (input: string, init?: RequestInit): Promise<Response> => {
      const replica = route.shift();
      if (replica === undefined) throw new Error("more handshake steps than expected");
      return replica.app.request(input, init);
    };
    const client = createTestTunnelClient(misrouted);
    await client.ensureOpen();
    expect(client.isOpen()).toBe(true);
    expect(route).toEqual([]);
  });

  it("stores session keys encrypted under the shared master key: no row holds them in the clear", async () => {
    const rows = await database.connection.db
      .withTables<TunnelTables>()
      .selectFrom("tunnelSession")
      .select(["id", "sealedSecrets"])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const secrets = openSecrets(deriveSecretsKey(masterKey), row.id, row.sealedSecrets);
      const stored = Buffer.from(row.sealedSecrets);
      expect(stored.includes(Buffer.from(secrets.c2sKey))).toBe(false);
      expect(stored.includes(Buffer.from(secrets.s2cKey))).toBe(false);
      expect(() =>
        openSecrets(deriveSecretsKey(randomBytes(32)), row.id, row.sealedSecrets),
      ).toThrow();
    }
  });
});
