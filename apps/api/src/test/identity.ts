/**
 * Test helpers for the identity calls: one migrated database and one app per test file, a clock the
 * tests move, and the real SDK client (sealed, signed calls) for each simulated person or device.
 * Not part of the server.
 */
import { randomInt } from "node:crypto";
import { createApiClient, DEFAULT_APP_CREDENTIALS, type ApiClient } from "@paraphe/api-sdk";
import type { SessionCredential } from "@paraphe/api-sdk/contract";
import type { KyselyPlugin } from "kysely";
import { createTestApp, type TestApp, type TestAppOptions } from "./app";
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from "./databases";
import { outboxMails } from "./outbox";
import { createTestTunnelClient } from "./tunnel";

export interface Person {
  api: ApiClient;
  credential: SessionCredential;
  email: string;
  ip: string;
}

export interface IdentityHarness {
  database: TestDatabase;
  t: TestApp;
  /** Moves the clock of the app (and of the clients' signatures) forward. */
  advance(ms: number): void;
  /**
   * Moves the clock to the start of the next fixed rate-limit window when less than two minutes of
   * the current one are left, for each window length (longest first; by default an hour and 15
   * minutes, aligned as the limits align them), so that a test counting up to a limit does not see
   * the count start again halfway.
   */
  freshWindow(...windowsMs: number[]): void;
  now(): number;
  /**
   * An SDK client whose calls come from `ip` with `userAgent`: they reach the app from
   * {@link TEST_PROXY_ADDRESS}, a trusted proxy, with `X-Forwarded-For: ip`. `credential` is read
   * at every call.
   */
  client(options?: {
    ip?: string;
    userAgent?: string;
    credential?: () => SessionCredential | null;
    /**
     * The app-level credential of public calls: the web app's by default; null for none, so that
     * public calls are signed with `credential` (what a script with a team API key does).
     */
    appCredential?: null;
  }): ApiClient;
  /** The newest login code mailed to `email`, read from the outbox. */
  lastCode(email: string): Promise<string>;
  /** Asks for a code, reads it from the mail and verifies it: a signed-in person. */
  login(email: string, options?: { ip?: string; userAgent?: string }): Promise<Person>;
  destroy(): Promise<void>;
}

/**
 * The socket address of the harness's calls: a reverse proxy, trusted (`TRUSTED_PROXIES`) unless
 * the test's configuration says otherwise.
 */
export const TEST_PROXY_ADDRESS = "127.0.0.1";

/** What `@hono/node-server` hands the app for a request that arrived on a socket from `address`. */
export function socketEnv(address: string): { incoming: { socket: { remoteAddress: string } } } {
  return { incoming: { socket: { remoteAddress: address } } };
}

export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

let emailCounter = 0;
export function uniqueEmail(name = "person"): string {
  emailCounter += 1;
  return `${name}.${Date.now().toString(36)}.${emailCounter}@example.com`;
}

export async function createIdentityHarness(
  kind: TestDatabaseKind,
  options: Omit<TestAppOptions, "now"> = {},
  /** Configuration variables of the app, on top of the test defaults. */
  env: Record<string, string> = {},
  /** Kysely plugins of the app's connection (to watch the queries it runs). */
  plugins: readonly KyselyPlugin[] = [],
): Promise<IdentityHarness> {
  const database = await createTestDatabase(kind);
  let offset = 0;
  const now = () => Date.now() + offset;
  const appDb = plugins.reduce((db, plugin) => db.withPlugin(plugin), database.connection.db);
  const t = await createTestApp(
    appDb,
    { TRUSTED_PROXIES: TEST_PROXY_ADDRESS, ...env },
    { ...options, now },
  );
  const db = database.connection.db;

  const client: IdentityHarness["client"] = (clientOptions = {}) => {
    const ip = clientOptions.ip ?? randomIp();
    const userAgent =
      clientOptions.userAgent ??
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
    const fetch = async (input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set("X-Forwarded-For", ip);
      headers.set("User-Agent", userAgent);
      return t.app.request(input, { ...init, headers }, socketEnv(TEST_PROXY_ADDRESS));
    };
    return createApiClient({
      baseUrl: "http://api.test",
      tunnel: createTestTunnelClient(fetch),
      ...(clientOptions.appCredential === null
        ? {}
        : { appCredential: DEFAULT_APP_CREDENTIALS.web }),
      credential: () => clientOptions.credential?.() ?? null,
      now,
    });
  };

  const lastCode = async (email: string): Promise<string> => {
    // The code is in the (sealed) body only: on a line of its own.
    const [mail] = await outboxMails(db, t.mailKey, email);
    const code = mail === undefined ? undefined : /^([0-9A-Z]{6})$/m.exec(mail.text)?.[1];
    if (code === undefined) throw new Error(`no code mailed to ${email}`);
    return code;
  };

  return {
    database,
    t,
    advance(ms) {
      offset += ms;
    },
    freshWindow(...windowsMs) {
      const lengths = windowsMs.length > 0 ? windowsMs : [60 * 60_000, 15 * 60_000];
      for (const windowMs of [...lengths].sort((a, b) => b - a)) {
        const left = windowMs - (now() % windowMs);
        if (left < 2 * 60_000) offset += left + 1_000;
      }
    },
    now,
    client,
    lastCode,
    async login(email, loginOptions = {}) {
      const ip = loginOptions.ip ?? randomIp();
      let credential: SessionCredential | null = null;
      const api = client({
        ip,
        ...(loginOptions.userAgent === undefined ? {} : { userAgent: loginOptions.userAgent }),
        credential: () => credential,
      });
      await api.authentication.requestCode({ email });
      const answer = await api.authentication.verifyCode({ email, code: await lastCode(email) });
      credential = {
        accessKey: answer.accessKey,
        secretKey: answer.secretKey,
        email: answer.email,
      };
      return { api, credential, email, ip };
    },
    async destroy() {
      await t.destroy();
      await database.destroy();
    },
  };
}
