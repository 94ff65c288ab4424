/**
 * Many signers at once: the api as a process of its own (`node src/server.ts`, jobs included) on
 * PostgreSQL (see `postgres.ts`), N envelopes of one page sent to one signer each (seeded through
 * the api, the signing links read from the development mailbox), then N signers at the same time,
 * each through a tunnel of its own: handshake, open, read the page, sign (the last signature
 * completes the envelope; the api seals it in the background). Prints the latency percentiles per
 * call kind, the throughput, and how long until every envelope is sealed. A benchmark, not a test:
 * it exits non-zero only when a call failed.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createApiClient,
  DEFAULT_APP_CREDENTIALS,
  type ApiClient,
  type SigningCredential,
} from "@paraphe/api-sdk";
import {
  createTestTunnelClient,
  makePdf,
  makeSignaturePng,
  startApiProcess,
  stopApiProcess,
} from "@paraphe/api/testing";
import pg from "pg";
import { startBenchPostgres } from "./postgres";
import { percentile } from "./stats";

export interface LoadSignersOptions {
  /** Envelopes, and signers signing at once. */
  signers: number;
  /** Uploads under way at once while seeding. */
  seedConcurrency: number;
}

const KINDS = ["handshake", "open", "page", "read", "sign"] as const;
type CallKind = (typeof KINDS)[number];

export interface LoadSignersResult {
  database: string;
  signers: number;
  errors: number;
  errorSamples: string[];
  seedSeconds: number;
  /** From the first handshake to the last signature. */
  wallSeconds: number;
  /** Signers through (all four calls) per second of wall time. */
  signersPerSecond: number;
  callsPerSecond: number;
  /** From the last signature until every envelope is complete and sealed. */
  sealedAfterSeconds: number | null;
  latency: Record<
    CallKind | "overall",
    { p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number }
  >;
}

interface MailboxMessage {
  to: string;
  text: string;
}

async function mailbox(apiUrl: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${apiUrl}/dev/mailbox.json`);
  return (await response.json()) as MailboxMessage[];
}

/** Polls the development mailbox until `find` answers (the benchmark's seeding, not measured). */
async function waitForMail<T>(
  apiUrl: string,
  find: (messages: MailboxMessage[]) => T | undefined,
  what: string,
  timeoutMs = 300_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find(await mailbox(apiUrl));
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function client(
  apiUrl: string,
  kind: "web" | "sign",
  credential: () => SigningCredential | null,
): ApiClient {
  return createApiClient({
    baseUrl: apiUrl,
    tunnel: createTestTunnelClient(fetch, { baseUrl: apiUrl }),
    appCredential: DEFAULT_APP_CREDENTIALS[kind],
    credential,
  });
}

interface Link {
  envelopeUuid: string;
  token: string;
  secretKey: string;
}

/** Signs a sender in, then uploads and sends `count` envelopes; the signing links. */
async function seed(apiUrl: string, options: LoadSignersOptions): Promise<Link[]> {
  let credential: SigningCredential | null = null;
  const api = client(apiUrl, "web", () => credential);
  const sender = `sender.${randomBytes(4).toString("hex")}@bench.example.com`;
  await api.authentication.requestCode({ email: sender, language: "en" });
  const code = await waitForMail(
    apiUrl,
    (messages) =>
      messages
        .filter((message) => message.to.includes(sender))
        .map((message) => /^([0-9A-Z]{6})\r?$/m.exec(message.text)?.[1])
        .find((found) => found !== undefined),
    "the sign-in code",
  );
  credential = await api.authentication.verifyCode({ email: sender, code });
  await api.team.create({ name: "Load", firstname: "Ada", lastname: "Sender" });
  const pdf = Buffer.from(await makePdf({ pages: 1, width: 300, height: 400 })).toString("base64");
  const signers = Array.from(
    { length: options.signers },
    (_, index) => `signer.${index}.${randomBytes(3).toString("hex")}@bench.example.com`,
  );
  const envelopes = new Map<string, string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: options.seedConcurrency }, async () => {
      while (next < signers.length) {
        const email = signers[next++]!;
        const draft = await api.envelope.upload({ files: [{ filename: "load.pdf", data: pdf }] });
        const saved = await api.envelope.saveRecipients({
          envelopeUuid: draft.uuid,
          recipients: [{ email, firstname: "Grace", lastname: "Signer" }],
        });
        await api.envelope.saveFields({
          envelopeUuid: draft.uuid,
          fields: [
            {
              documentUuid: draft.documents[0]!.uuid,
              page: 0,
              x: 0.1,
              y: 0.7,
              width: 0.4,
              height: 0.1,
              kind: "signature",
              recipientUuid: saved.recipients[0]!.uuid,
            },
          ],
        });
        await api.envelope.send({ envelopeUuid: draft.uuid });
        envelopes.set(email, draft.uuid);
      }
    }),
  );
  return waitForMail(
    apiUrl,
    (messages) => {
      const links: Link[] = [];
      for (const email of signers) {
        const uuid = envelopes.get(email)!;
        const pattern = new RegExp(`/sign/${uuid}#token=([^&\\s]+)&secret=([^&\\s"<]+)`);
        const match = messages
          .filter((message) => message.to.includes(email))
          .map((message) => pattern.exec(message.text))
          .find((found) => found !== null);
        if (match?.[1] === undefined || match[2] === undefined) return undefined;
        links.push({
          envelopeUuid: uuid,
          token: decodeURIComponent(match[1]),
          secretKey: decodeURIComponent(match[2]),
        });
      }
      return links;
    },
    "every signing link",
  );
}

function summary(values: number[]) {
  return {
    p50Ms: percentile(values, 50),
    p95Ms: percentile(values, 95),
    p99Ms: percentile(values, 99),
    maxMs: values.length === 0 ? Number.NaN : Math.max(...values),
  };
}

export async function runLoadSignersBenchmark(
  options: LoadSignersOptions,
  log: (line: string) => void,
): Promise<LoadSignersResult> {
  const postgres = await startBenchPostgres(log);
  if (postgres === undefined)
    throw new Error(
      "load-signers needs PostgreSQL: set BENCH_DATABASE_URL or install Debian's postgresql",
    );
  const name = `paraphe_bench_load_${randomBytes(4).toString("hex")}`;
  const workDir = await mkdtemp(path.join(tmpdir(), "paraphe-bench-load-"));
  try {
    const databaseUrl = await postgres.createDatabase(name);
    log(`load-signers: starting the api on ${postgres.source}`);
    const api = await startApiProcess("api", {
      NODE_ENV: "test",
      API_HOST: "127.0.0.1",
      API_PORT: "0",
      LOG_LEVEL: "info",
      DATABASE_URL: databaseUrl,
      TUNNEL_SESSION_STORE: "database",
      DEV_MAILBOX: "1",
      DATA_DIR: path.join(workDir, "data"),
      BLOB_DIR: path.join(workDir, "blobs"),
      BLOB_MASTER_KEY: randomBytes(32).toString("base64"),
      // Every signer comes from 127.0.0.1: per-address limits would count them as one client.
      TUNNEL_HANDSHAKES_PER_ADDRESS: "1000000",
      TUNNEL_MAX_SESSIONS_PER_ADDRESS: "1000000",
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      log(`load-signers: seeding ${options.signers} envelopes through the api`);
      const seedStarted = performance.now();
      const links = await seed(api.url, options);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const image = Buffer.from(await makeSignaturePng(200, 80)).toString("base64");

      log(`load-signers: ${links.length} signers at once`);
      const latencies: Record<CallKind, number[]> = {
        handshake: [],
        open: [],
        page: [],
        read: [],
        sign: [],
      };
      const errors: string[] = [];
      const timed = async <T>(kind: CallKind, call: () => Promise<T>): Promise<T> => {
        const startedAt = performance.now();
        const value = await call();
        latencies[kind].push(performance.now() - startedAt);
        return value;
      };
      const started = performance.now();
      await Promise.all(
        links.map(async (link) => {
          try {
            const tunnel = createTestTunnelClient(fetch, { baseUrl: api.url });
            const signer = createApiClient({
              baseUrl: api.url,
              tunnel,
              appCredential: DEFAULT_APP_CREDENTIALS.sign,
              credential: () => null,
            });
            await timed("handshake", () => tunnel.ensureOpen());
            const opened = await timed("open", () => signer.envelope.open(link));
            const documentUuid = opened.documents[0]!.uuid;
            await timed("page", () =>
              signer.envelope.downloadSignerDocument({ ...link, documentUuid, page: 0 }),
            );
            await timed("read", () =>
              signer.envelope.markPageRead({ ...link, documentUuid, page: 0 }),
            );
            await timed("sign", () =>
              signer.envelope.sign({ ...link, signature: { kind: "drawn", image } }),
            );
          } catch (error) {
            errors.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
          }
        }),
      );
      const wallSeconds = (performance.now() - started) / 1000;

      // The seals run as jobs in the api: how long after the last signature all are done.
      let sealedAfterSeconds: number | null = null;
      const sealDeadline = Date.now() + 600_000;
      const signedAt = performance.now();
      while (errors.length === 0 && Date.now() < sealDeadline) {
        const { rows } = await db.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM envelope e JOIN envelope_document d ON d.envelope_id = e.id
           WHERE e.status <> 'complete' OR d.sealed_blob_key IS NULL`,
        );
        if (rows[0]?.waiting === 0) {
          sealedAfterSeconds = (performance.now() - signedAt) / 1000;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }

      const all = KINDS.flatMap((kind) => latencies[kind]);
      const calls = all.length;
      return {
        database: `PostgreSQL ${postgres.version} (${postgres.source})`,
        signers: links.length,
        errors: errors.length,
        errorSamples: [...new Set(errors)].slice(0, 5),
        seedSeconds,
        wallSeconds,
        signersPerSecond: (links.length - errors.length) / wallSeconds,
        callsPerSecond: calls / wallSeconds,
        sealedAfterSeconds,
        latency: {
          handshake: summary(latencies.handshake),
          open: summary(latencies.open),
          page: summary(latencies.page),
          read: summary(latencies.read),
          sign: summary(latencies.sign),
          overall: summary(all),
        },
      };
    } finally {
      await db.end();
      await stopApiProcess(api);
    }
  } finally {
    await postgres.dropDatabase(name).catch(() => undefined);
    await postgres.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}
