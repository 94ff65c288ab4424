import { randomBytes } from "node:crypto";
import { DEFAULT_APP_CREDENTIALS, signRequest, type SigningCredential } from "@paraphe/api-sdk";
import { errorResponseSchema } from "@paraphe/api-sdk/contract";
import type { TunnelClient, WireRequest } from "@paraphe/tunnel-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppRouter } from "../http/context";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../test/databases";
import { createTestTunnelClient, fetchFromApp } from "../test/tunnel";
import type { Caller } from "./caller";
import { newSessionAccessKey, sessionSecretKey } from "./session-credentials";

const APP = DEFAULT_APP_CREDENTIALS.web;
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

interface SignOptions {
  credential?: SigningCredential;
  now?: number;
  nonce?: string;
  tamper?: (wire: WireRequest) => void;
}

/** A sealed call, signed (or not) as the options say. */
async function call(tunnel: TunnelClient, path: string, options: SignOptions | null) {
  const response = await tunnel.request("POST", path, {
    body: encode({}),
    beforeSend: async (wire) => {
      if (options === null) return;
      const signed = await signRequest({
        method: wire.method,
        url: wire.url,
        headers: wire.headers,
        body: wire.body,
        credential: options.credential ?? APP,
        ...(options.now === undefined ? {} : { now: options.now }),
        ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
      });
      for (const [name, value] of Object.entries(signed)) wire.headers.set(name, value);
      options.tamper?.(wire);
    },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe.each(testDatabaseKinds)("request signatures on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  describe.each(["memory", "database"] as const)("with nonces kept in %s", (store) => {
    let t: TestApp;
    let tunnel: TunnelClient;
    let callers: Caller[];
    let member: SigningCredential & { userId: string };

    const routes = (app: AppRouter) => {
      for (const path of ["/authentication/test-public", "/user/test-member"]) {
        app.post(path, (c) => {
          const caller = c.get("caller");
          if (caller) callers.push(caller);
          return c.json({ ok: true });
        });
      }
    };

    beforeAll(async () => {
      t = await createTestApp(database.connection.db, { TUNNEL_SESSION_STORE: store }, { routes });
      tunnel = createTestTunnelClient(fetchFromApp(t.app));
      const user = await database.connection.db
        .insertInto("appUser")
        .values({ email: `member-${store}-${randomBytes(4).toString("hex")}@example.com` })
        .returning("id")
        .executeTakeFirstOrThrow();
      const accessKey = newSessionAccessKey();
      await database.connection.db
        .insertInto("userSession")
        .values({ accessKey, userId: user.id, method: "code" })
        .execute();
      // The same derivation a login answers with.
      member = {
        accessKey,
        secretKey: sessionSecretKey(t.sessionCredentialKey, accessKey),
        userId: user.id,
      };
    });
    afterAll(async () => {
      await t.destroy();
    });
    beforeEach(() => {
      callers = [];
    });

    const refusedAsUnauthenticated = (result: { status: number; body: unknown }) => {
      expect(result.status).toBe(401);
      expect(errorResponseSchema.parse(result.body).error.code).toBe("AUTHENTICATION_ERROR");
      expect(callers).toEqual([]);
    };

    it("runs a public call signed with an app-level credential, naming the app", async () => {
      const result = await call(tunnel, "/authentication/test-public", {});
      expect(result).toEqual({ status: 200, body: { ok: true } });
      expect(callers).toEqual([{ kind: "app", appId: APP.accessKey }]);
    });

    it("runs a member call signed with a live session credential, naming the user", async () => {
      const result = await call(tunnel, "/user/test-member", { credential: member });
      expect(result.status).toBe(200);
      expect(callers).toEqual([
        { kind: "session", userId: member.userId, accessKey: member.accessKey },
      ]);
    });

    it("refuses an unsigned call without running the route", async () => {
      refusedAsUnauthenticated(await call(tunnel, "/authentication/test-public", null));
      refusedAsUnauthenticated(await call(tunnel, "/user/test-member", null));
    });

    it("refuses a member call signed with the app-level credential, and a public call signed by a session", async () => {
      refusedAsUnauthenticated(await call(tunnel, "/user/test-member", {}));
      refusedAsUnauthenticated(
        await call(tunnel, "/authentication/test-public", { credential: member }),
      );
    });

    it("decides the credential from the decoded path the router runs, so percent-encoding cannot turn a member call into a public one", async () => {
      // `/%75ser/test-member` runs `/user/test-member`: a member call.
      refusedAsUnauthenticated(await call(tunnel, "/%75ser/test-member", {}));
      const result = await call(tunnel, "/%75ser/test-member", { credential: member });
      expect(result.status).toBe(200);
      expect(callers).toEqual([
        { kind: "session", userId: member.userId, accessKey: member.accessKey },
      ]);
    });

    it("refuses an unknown access key and a wrong secret key", async () => {
      refusedAsUnauthenticated(
        await call(tunnel, "/authentication/test-public", {
          credential: { accessKey: "someone-else", secretKey: APP.secretKey },
        }),
      );
      refusedAsUnauthenticated(
        await call(tunnel, "/user/test-member", {
          credential: { accessKey: member.accessKey, secretKey: "guessed-secret-key" },
        }),
      );
    });

    it("refuses a signature whose creation time is outside the skew window", async () => {
      refusedAsUnauthenticated(
        await call(tunnel, "/authentication/test-public", { now: Date.now() - 10 * 60_000 }),
      );
      refusedAsUnauthenticated(
        await call(tunnel, "/authentication/test-public", { now: Date.now() + 10 * 60_000 }),
      );
    });

    it("refuses a second call that reuses a nonce", async () => {
      const nonce = randomBytes(16).toString("base64url");
      expect((await call(tunnel, "/authentication/test-public", { nonce })).status).toBe(200);
      callers = [];
      refusedAsUnauthenticated(await call(tunnel, "/authentication/test-public", { nonce }));
    });

    it("refuses a signature with one flipped bit, or headers changed after signing", async () => {
      refusedAsUnauthenticated(
        await call(tunnel, "/authentication/test-public", {
          tamper: (wire) => {
            const signature = wire.headers.get("Signature") ?? "";
            const flipped = signature.replace(
              /:(.)/,
              (_, ch: string) => `:${ch === "A" ? "B" : "A"}`,
            );
            wire.headers.set("Signature", flipped);
          },
        }),
      );
      refusedAsUnauthenticated(
        await call(tunnel, "/authentication/test-public", {
          tamper: (wire) =>
            wire.headers.set("X-Timestamp", String(Math.floor(Date.now() / 1000) - 1)),
        }),
      );
    });

    it("refuses an ended session's credential on every later call", async () => {
      const accessKey = newSessionAccessKey();
      await database.connection.db
        .insertInto("userSession")
        .values({ accessKey, userId: member.userId, method: "code" })
        .execute();
      const credential = {
        accessKey,
        secretKey: sessionSecretKey(t.sessionCredentialKey, accessKey),
      };
      expect((await call(tunnel, "/user/test-member", { credential })).status).toBe(200);
      await database.connection.db
        .updateTable("userSession")
        .set({ endedAt: new Date() })
        .where("accessKey", "=", accessKey)
        .execute();
      callers = [];
      refusedAsUnauthenticated(await call(tunnel, "/user/test-member", { credential }));
    });
  });
});
