import { errorResponseSchema } from "@paraphe/api-sdk/contract";
import { createTunnelSession } from "@paraphe/tunnel-client";
import { TUNNEL_CONTENT_TYPE } from "@paraphe/tunnel-client/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socketEnv, TEST_PROXY_ADDRESS } from "../test/identity";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../test/databases";
import { HandshakeCounter } from "./address-limits";
import { bindingVerifier, openManualSession, type FetchLike } from "../test/tunnel";

describe("HandshakeCounter", () => {
  it("forgets the oldest addresses rather than growing past its bound", () => {
    const counter = new HandshakeCounter(1, 4);
    const now = Date.parse("2026-11-22T10:00:00Z");
    for (const address of ["a", "b", "c", "d", "e"])
      expect(counter.hit(address, now)).toBeUndefined();
    // "e" made room by forgetting the oldest ones; "e" itself is still counted.
    expect(counter.hit("e", now)).toEqual({ retryAfterMs: 60_000 });
    expect(counter.hit("a", now)).toBeUndefined();
  });
});

describe.each(testDatabaseKinds)("tunnel quotas per client address on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  describe.each(["memory", "database"] as const)("with sessions in %s", (store) => {
    let t: TestApp;

    beforeAll(async () => {
      // A stopped clock: the handshake quota counts per minute, and a slow run crossing a minute
      // would otherwise let a new minute's handshakes through.
      const startedAt = Date.now();
      t = await createTestApp(
        database.connection.db,
        {
          TUNNEL_SESSION_STORE: store,
          TRUSTED_PROXIES: TEST_PROXY_ADDRESS,
          TUNNEL_MAX_SESSIONS: "10",
          TUNNEL_MAX_SESSIONS_PER_ADDRESS: "3",
          TUNNEL_HANDSHAKES_PER_ADDRESS: "5",
        },
        { now: () => startedAt },
      );
    });
    afterAll(async () => {
      await t.destroy();
    });

    /** Requests from `ip`, through the trusted proxy. */
    const from =
      (ip: string): FetchLike =>
      async (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set("X-Forwarded-For", ip);
        return t.app.request(input, { ...init, headers }, socketEnv(TEST_PROXY_ADDRESS));
      };

    const clientHello = async (): Promise<Uint8Array> => {
      const message = await createTunnelSession({
        verifyEvidence: bindingVerifier(),
      }).getOutgoingMessage();
      if (message === null) throw new Error("no hello");
      return message;
    };

    const expectRateLimited = async (response: Response) => {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      const body = errorResponseSchema.parse(await response.json());
      expect(body.error.code).toBe("RATE_LIMITED");
      expect(body.statusCode).toBe(429);
    };

    it("lets another address open a session while one address floods the handshake, and answers the flood 429 with Retry-After", async () => {
      const flooder = from("203.0.113.66");
      // Its quota of open sessions: 3; the fourth handshake's second step is refused.
      for (let i = 0; i < 3; i++) await openManualSession(flooder);
      await expect(openManualSession(flooder)).rejects.toThrow(/handshake answered 429/);
      // Then step 1 again and again: one more passes (5 per minute), the rest are refused.
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const response = await flooder(`http://api.test/tunnel/session`, {
          method: "POST",
          headers: { "Content-Type": TUNNEL_CONTENT_TYPE },
          body: new Uint8Array(await clientHello()),
        });
        statuses.push(response.status);
        if (response.status === 429) await expectRateLimited(response);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 429)).toHaveLength(29);

      // Another address opens its session and uses it.
      const other = await openManualSession(from("198.51.100.23"));
      expect(other.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await t.tunnel.store.find(other.sessionId, t.tunnel.now())).toBeDefined();
    });
  });
});
