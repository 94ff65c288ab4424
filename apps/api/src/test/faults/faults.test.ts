/**
 * Faults in the middle of envelope flows, against the built api (the bundle production runs) as a
 * child process on PostgreSQL with a real SMTP server:
 * - the api killed (SIGKILL) at random points during sign-and-complete flows, and restarted;
 * - the SMTP server down for a while;
 * - PostgreSQL restarted (a private server of this test: Debian's PostgreSQL).
 * Runs only when TEST_DATABASE_URL names a PostgreSQL server (PGlite cannot be shared between
 * processes), as the replicas test does. Each part prints a report. Scale knobs: FAULTS_FLOWS
 * (default 100), FAULTS_KILLS (kills, default 10), FAULTS_SEED (the killer's seed).
 */
import { randomBytes, randomInt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  ApiError,
  createApiClient,
  DEFAULT_APP_CREDENTIALS,
  type ApiClient,
} from "@paraphe/api-sdk";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  hasExited,
  killApiProcess,
  startApiProcess,
  stopApiProcess,
  type ApiProcess,
} from "../api-process";
import { INTERRUPTED_ERROR } from "../../jobs/job-worker";
import { signaturePng, tinyPdf } from "../envelopes";
import { startPrivatePostgres, freePort, type PrivatePostgres } from "../postgres-server";
import { createTestTunnelClient } from "../tunnel";
import { startMailRecorder, type MailRecorder } from "./mail-recorder";
import {
  isTransient,
  resilientCaller,
  type ResilientCaller,
  type RetryStats,
} from "./resilient-caller";

const baseDatabaseUrl = process.env.TEST_DATABASE_URL ?? "";
const FLOWS = Number(process.env.FAULTS_FLOWS ?? "100");
const LEAST_KILLS = Number(process.env.FAULTS_KILLS ?? "10");
const SEED = Number(process.env.FAULTS_SEED ?? randomInt(1, 2 ** 31));
/** Flows under way at once. */
const CONCURRENCY = 8;
/** Short leases: a killed process's jobs are taken over seconds after it died. */
const JOB_LEASE_SECONDS = 3;
const MAIL_DOMAIN = "paraphe.test";

/** The api as production runs it: the bundle the suite's global setup built. */
function startBuiltApi(name: string, env: Record<string, string>): Promise<ApiProcess> {
  const bundleDir = inject("apiBundleDir");
  if (bundleDir === "")
    throw new Error("no api bundle: the global setup builds one with TEST_DATABASE_URL");
  return startApiProcess(name, env, { serverFile: path.join(bundleDir, "server.js") });
}

/** A seeded generator (mulberry32): the same seed kills at the same moments of the schedule. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh database on the server of `serverUrl`; its connection string and how to drop it. */
async function freshDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The environment of an api process on `databaseUrl`, sending mail to `smtpUrl`. */
function apiEnv(options: {
  databaseUrl: string;
  smtpUrl: string;
  workDir: string;
  port: number;
  masterKey: string;
}): Record<string, string> {
  return {
    NODE_ENV: "test",
    API_HOST: "127.0.0.1",
    API_PORT: String(options.port),
    LOG_LEVEL: "info",
    DATABASE_URL: options.databaseUrl,
    TUNNEL_SESSION_STORE: "database",
    SMTP_URL: options.smtpUrl,
    MAIL_FROM: `Paraphe <no-reply@${MAIL_DOMAIN}>`,
    DATA_DIR: path.join(options.workDir, "data"),
    BLOB_STORAGE: "local",
    BLOB_DIR: path.join(options.workDir, "blobs"),
    BLOB_MASTER_KEY: options.masterKey,
    JOB_LEASE_SECONDS: String(JOB_LEASE_SECONDS),
    // A mail refused while SMTP is down is tried again 1, 2, 4… s later rather than 5, 10, 20….
    JOB_RETRY_SECONDS: "1",
    // Every client runs on 127.0.0.1: per-address limits would count them all as one.
    TUNNEL_HANDSHAKES_PER_ADDRESS: "1000000",
    TUNNEL_MAX_SESSIONS_PER_ADDRESS: "1000000",
    LOGIN_CODES_PER_ADDRESS: "10000",
    LOGIN_CODE_CHECKS_PER_ADDRESS: "10000",
  };
}

/** Resolves when `query` answers true; the database is read again after each interval. */
async function eventually(query: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await query())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function teamClient(
  baseUrl: string,
  credential: () => { accessKey: string; secretKey: string } | null,
): ApiClient {
  return createApiClient({
    baseUrl,
    tunnel: createTestTunnelClient(fetch, { baseUrl }),
    appCredential: DEFAULT_APP_CREDENTIALS.web,
    credential,
  });
}

function signerClient(baseUrl: string): ApiClient {
  return createApiClient({
    baseUrl,
    tunnel: createTestTunnelClient(fetch, { baseUrl }),
    appCredential: DEFAULT_APP_CREDENTIALS.sign,
    credential: () => null,
  });
}

interface Sender {
  email: string;
  credential: { accessKey: string; secretKey: string };
}

/** Signs a new person up (code by mail) and creates their team. */
async function signUp(baseUrl: string, mail: MailRecorder, name: string): Promise<Sender> {
  const email = `${name}.${randomBytes(4).toString("hex")}@example.com`;
  let credential: { accessKey: string; secretKey: string } | null = null;
  const api = teamClient(baseUrl, () => credential);
  await api.authentication.requestCode({ email });
  const answer = await api.authentication.verifyCode({ email, code: await mail.codeFor(email) });
  credential = { accessKey: answer.accessKey, secretKey: answer.secretKey };
  await api.team.create({ name: "Faults", firstname: "Ada", lastname: name });
  return { email, credential };
}

/**
 * A draft with one signature field per signer, sent. Each call through `caller`: a send made again
 * after its answer was lost finds the envelope already out, which is what was asked.
 */
async function sendEnvelope(
  caller: ResilientCaller,
  title: string,
  signers: readonly string[],
): Promise<string> {
  const pdf = await tinyPdf(1, title);
  const draft = await caller.call((api) =>
    api.envelope.upload({ files: [{ filename: `${title}.pdf`, data: pdf }] }),
  );
  await caller.call((api) => api.envelope.update({ envelopeUuid: draft.uuid, title }));
  const withRecipients = await caller.call((api) =>
    api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: signers.map((email, index) => ({
        email,
        firstname: "Signer",
        lastname: `Number ${index + 1}`,
      })),
    }),
  );
  const documentUuid = draft.documents[0]?.uuid ?? "";
  await caller.call((api) =>
    api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: withRecipients.recipients.map((recipient, index) => ({
        documentUuid,
        page: 0,
        x: 0.1,
        y: 0.6 + index * 0.15,
        width: 0.4,
        height: 0.1,
        kind: "signature" as const,
        recipientUuid: recipient.uuid,
      })),
    }),
  );
  await caller.call(
    (api) => api.envelope.send({ envelopeUuid: draft.uuid }),
    async (error) => {
      const detail = await caller.call((api) => api.envelope.get({ envelopeUuid: draft.uuid }));
      if (error instanceof ApiError && error.code === "CONFLICT" && detail.status !== "draft")
        return detail;
      throw error;
    },
  );
  return draft.uuid;
}

/** Opens the link, reads every page and signs; a sign made again finds it already signed. */
async function openAndSign(
  caller: ResilientCaller,
  link: { envelopeUuid: string; token: string; secretKey: string },
  counts: { alreadySigned: number },
): Promise<void> {
  const opened = await caller.call((api) => api.envelope.open(link));
  for (const document of opened.documents)
    for (let page = 0; page < document.pageCount; page++) {
      await caller.call((api) =>
        api.envelope.downloadSignerDocument({ ...link, documentUuid: document.uuid, page }),
      );
      await caller.call((api) =>
        api.envelope.markPageRead({ ...link, documentUuid: document.uuid, page }),
      );
    }
  const image = await signaturePng();
  await caller.call(
    (api) => api.envelope.sign({ ...link, signature: { kind: "drawn", image } }),
    (error) => {
      if (
        error instanceof ApiError &&
        error.code === "CONFLICT" &&
        /already signed/.test(error.message)
      ) {
        counts.alreadySigned += 1;
        return undefined;
      }
      throw error;
    },
  );
}

/** Every mail of the outbox against what the SMTP server received, by Message-ID. */
async function mailAccount(db: pg.Client, mail: MailRecorder) {
  const outbox = await db.query<{ id: string; to_address: string; subject: string; sent: boolean }>(
    `SELECT id, to_address, subject, sent_at IS NOT NULL AS sent FROM mail_outbox`,
  );
  const byMessageId = new Map<string, number>();
  for (const received of mail.received)
    byMessageId.set(received.messageId, (byMessageId.get(received.messageId) ?? 0) + 1);
  const expected = new Set(outbox.rows.map((row) => `<${row.id}@${MAIL_DOMAIN}>`));
  const lost = outbox.rows.filter((row) => !byMessageId.has(`<${row.id}@${MAIL_DOMAIN}>`));
  const unknown = [...byMessageId.keys()].filter((id) => !expected.has(id));
  const repeats = [...byMessageId.values()].reduce((sum, count) => sum + count - 1, 0);
  // One event, one recipient, one message: no two outbox rows for the same mail.
  const events = new Map<string, number>();
  for (const row of outbox.rows) {
    const key = `${row.to_address}\n${row.subject}`;
    events.set(key, (events.get(key) ?? 0) + 1);
  }
  const doubled = [...events.entries()].filter(([, count]) => count > 1).map(([key]) => key);
  return {
    outbox: outbox.rows.length,
    unsent: outbox.rows.filter((row) => !row.sent).length,
    delivered: byMessageId.size,
    lost: lost.map((row) => `${row.to_address}: ${row.subject}`),
    unknown,
    repeats,
    doubled,
  };
}

/**
 * The jobs of the flows (mail, seals, ...) by status; the periodic passes (deadlines, orphan files,
 * webhook deliveries, retention),
 * always scheduled for their next run, are left out.
 */
async function jobCounts(db: pg.Client): Promise<Record<string, number>> {
  const result = await db.query<{ status: string; jobs: number }>(
    `SELECT status, count(*)::int AS jobs FROM job
     WHERE name NOT IN ('envelope-deadlines', 'sweep-orphan-files', 'prune-webhook-deliveries',
                        'apply-retention')
     GROUP BY status`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.status, row.jobs]));
}

describe.runIf(baseDatabaseUrl !== "")("faults mid-flow", () => {
  const report: string[] = [];
  afterAll(() => {
    console.info(`faults mid-flow:\n- ${report.join("\n- ")}`);
  });

  describe("the api killed at random points during sign-and-complete flows", () => {
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let db: pg.Client;
    let mail: MailRecorder;
    let workDir: string;
    let api: ApiProcess;
    let env: Record<string, string>;
    let baseUrl: string;

    beforeAll(async () => {
      database = await freshDatabase(baseDatabaseUrl, "paraphe_faults_kill");
      mail = await startMailRecorder();
      workDir = await mkdtemp(path.join(tmpdir(), "paraphe-faults-"));
      env = apiEnv({
        databaseUrl: database.url,
        smtpUrl: mail.url,
        workDir,
        port: await freePort(),
        masterKey: randomBytes(32).toString("base64"),
      });
      api = await startBuiltApi("api", env);
      baseUrl = api.url;
      db = new pg.Client({ connectionString: database.url });
      await db.connect();
    }, 120_000);

    afterAll(async () => {
      if (api !== undefined) await killApiProcess(api);
      await db?.end();
      await mail?.close();
      await database?.drop();
      if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
    }, 60_000);

    it("loses no signature, leaves no envelope stuck and delivers each mail once", async () => {
      // Each kill waits until the restarted api has answered as many calls as there are flows at
      // once (the flows move on however slow the machine), then lands 1 to 3 seconds later,
      // wherever the flows are. After LEAST_KILLS kills the flows finish in peace.
      let answeredSinceRestart: (() => void) | undefined;
      let answeredMark = 0;
      const stats: RetryStats = {
        retries: 0,
        answered: 0,
        onAnswer: () => {
          if (stats.answered - answeredMark >= CONCURRENCY) answeredSinceRestart?.();
        },
      };
      const counts = { alreadySigned: 0, kills: 0, restartsMs: [] as number[] };
      const random = seededRandom(SEED);
      report.push(`killer's seed: ${SEED} (FAULTS_SEED=${SEED} repeats the schedule)`);

      // The api is up when `up` is undefined; otherwise it resolves when the restart is done.
      let restarting: Promise<void> | undefined;
      const whenUp = (): Promise<void> => restarting ?? Promise.resolve();

      const senders = [await signUp(baseUrl, mail, "first"), await signUp(baseUrl, mail, "second")];
      const signerEmails = new Map<string, string[]>();

      let flowsDone = false;
      const killer = (async () => {
        while (counts.kills < LEAST_KILLS) {
          answeredMark = stats.answered;
          if (!flowsDone) await new Promise<void>((resolve) => (answeredSinceRestart = resolve));
          answeredSinceRestart = undefined;
          await new Promise((resolve) => setTimeout(resolve, 1000 + Math.floor(random() * 2000)));
          let resolveUp!: () => void;
          restarting = new Promise((resolve) => (resolveUp = resolve));
          await killApiProcess(api);
          counts.kills += 1;
          const startedAt = Date.now();
          api = await startBuiltApi("api", env);
          counts.restartsMs.push(Date.now() - startedAt);
          restarting = undefined;
          resolveUp();
        }
      })();

      const envelopes: string[] = [];
      const flow = async (index: number): Promise<void> => {
        const sender = senders[index % senders.length]!;
        const caller = resilientCaller(() => teamClient(baseUrl, () => sender.credential), {
          stats,
          whenUp,
        });
        const tag = `${index}.${randomBytes(3).toString("hex")}`;
        const signers =
          index % 2 === 0
            ? [`a.${tag}@example.com`]
            : [`a.${tag}@example.com`, `b.${tag}@example.com`];
        const uuid = await sendEnvelope(caller, `Faults ${tag}`, signers);
        envelopes.push(uuid);
        signerEmails.set(uuid, signers);
        await Promise.all(
          signers.map(async (email) => {
            const link = await mail.linkFor(email, uuid);
            const signer = resilientCaller(() => signerClient(baseUrl), { stats, whenUp });
            await openAndSign(signer, link, counts);
          }),
        );
      };

      const startedAt = Date.now();
      let next = 0;
      try {
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < FLOWS) await flow(next++);
          }),
        );
      } finally {
        flowsDone = true;
        answeredSinceRestart?.();
        await killer;
      }
      const flowSeconds = (Date.now() - startedAt) / 1000;

      // The api drains its jobs: every seal and mail of the flows, taken over where a kill cut it.
      await eventually(
        async () => {
          const jobs = await jobCounts(db);
          return (jobs.pending ?? 0) + (jobs.running ?? 0) === 0;
        },
        "the jobs to drain",
        120_000,
      );
      const jobs = await jobCounts(db);
      const failedJobs = await db.query<{ name: string; last_error: string; jobs: number }>(
        `SELECT name, last_error, count(*)::int AS jobs FROM job WHERE status = 'failed'
         GROUP BY name, last_error`,
      );
      // A preview batch whose run was cut by a kill at each of its attempts gives up, by design
      // (a document that kills the process must not be rendered at every start): nothing is lost,
      // its pages are drawn when asked. Each such document still answers its first page's preview.
      const previewsGivenUp = await db.query<{
        envelope_id: string;
        document_id: string;
        owner: string;
      }>(
        `SELECT d.envelope_id, d.id AS document_id, u.email AS owner
         FROM job j JOIN envelope_document d ON d.id = (j.payload->>'documentId')::uuid
         JOIN envelope e ON e.id = d.envelope_id JOIN app_user u ON u.id = e.owner_user_id
         WHERE j.status = 'failed' AND j.name = 'render-page-previews' AND j.last_error = $1`,
        [INTERRUPTED_ERROR],
      );
      for (const row of previewsGivenUp.rows) {
        const owner = senders.find((sender) => sender.email === row.owner)!;
        const preview = await teamClient(baseUrl, () => owner.credential).envelope.pagePreview({
          envelopeUuid: row.envelope_id,
          documentUuid: row.document_id,
          page: 0,
        });
        expect(preview.contentType).toMatch(/^image\//);
        expect(preview.data.length).toBeGreaterThan(0);
      }

      const statuses = await db.query<{ status: string; envelopes: number }>(
        `SELECT status, count(*)::int AS envelopes FROM envelope WHERE id = ANY($1) GROUP BY status`,
        [envelopes],
      );
      const stuck = await db.query<{ id: string; status: string }>(
        `SELECT id, status FROM envelope WHERE status IN ('approving', 'signing')`,
      );
      const unsealed = await db.query<{ envelope_id: string }>(
        `SELECT envelope_id FROM envelope_document d JOIN envelope e ON e.id = d.envelope_id
         WHERE e.status = 'complete' AND d.sealed_blob_key IS NULL`,
      );
      const signatures = await db.query<{ recipient: string; events: number }>(
        `SELECT r.id AS recipient, count(a.seq)::int AS events
         FROM recipient r JOIN envelope e ON e.id = r.envelope_id
         LEFT JOIN activity_event a ON a.envelope_id = r.envelope_id AND a.type = 'documentSigned'
           AND a.data->'actor'->>'email' = r.email
         WHERE r.envelope_id = ANY($1) AND r.status = 'signed'
         GROUP BY r.id`,
        [envelopes],
      );
      const expectedSignatures = [...signerEmails.values()].reduce((n, list) => n + list.length, 0);
      const orphans = await db.query<{ drafts: number }>(
        `SELECT count(*)::int AS drafts FROM envelope WHERE status = 'draft'`,
      );
      const mails = await mailAccount(db, mail);

      report.push(
        `${FLOWS} flows (${expectedSignatures} signers) in ${flowSeconds.toFixed(0)} s, ${CONCURRENCY} at once`,
        `${counts.kills} SIGKILLs, each restart ${Math.min(...counts.restartsMs)}-${Math.max(...counts.restartsMs)} ms`,
        `${stats.retries} calls made again after a lost connection; ${counts.alreadySigned} signs made again answered "already signed"`,
        `envelopes: ${statuses.rows.map((row) => `${row.envelopes} ${row.status}`).join(", ")}; stuck: ${stuck.rows.length}; complete but unsealed: ${unsealed.rows.length}; drafts left by uploads made again: ${orphans.rows[0]?.drafts ?? 0}`,
        `signatures recorded: ${signatures.rows.length} of ${expectedSignatures}, each with ${[...new Set(signatures.rows.map((row) => row.events))].join("/")} documentSigned event(s)`,
        `jobs: ${Object.entries(jobs)
          .map(([status, n]) => `${n} ${status}`)
          .join(
            ", ",
          )}${failedJobs.rows.map((row) => `; ${row.jobs} ${row.name} failed: ${row.last_error}`).join("")}`,
        `page previews given up after kills, drawn when asked: ${previewsGivenUp.rows.length}`,
        `mails: ${mails.outbox} in the outbox, ${mails.delivered} delivered (distinct Message-IDs), lost: ${mails.lost.length}, two messages for one event: ${mails.doubled.length}, repeats of a Message-ID (dropped by receivers): ${mails.repeats}`,
      );

      expect(counts.kills).toBeGreaterThanOrEqual(LEAST_KILLS);
      expect(statuses.rows).toEqual([{ status: "complete", envelopes: FLOWS }]);
      expect(stuck.rows).toEqual([]);
      expect(unsealed.rows).toEqual([]);
      expect(signatures.rows).toHaveLength(expectedSignatures);
      expect(signatures.rows.every((row) => row.events === 1)).toBe(true);
      expect(jobs.failed ?? 0).toBe(previewsGivenUp.rows.length);
      expect(mails.unsent).toBe(0);
      expect(mails.lost).toEqual([]);
      expect(mails.unknown).toEqual([]);
      expect(mails.doubled).toEqual([]);
    }, 900_000);
  });

  describe("the SMTP server down for a while", () => {
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let db: pg.Client;
    let mail: MailRecorder;
    let workDir: string;
    let api: ApiProcess;

    beforeAll(async () => {
      database = await freshDatabase(baseDatabaseUrl, "paraphe_faults_smtp");
      mail = await startMailRecorder();
      workDir = await mkdtemp(path.join(tmpdir(), "paraphe-faults-"));
      api = await startBuiltApi(
        "api",
        apiEnv({
          databaseUrl: database.url,
          smtpUrl: mail.url,
          workDir,
          port: 0,
          masterKey: randomBytes(32).toString("base64"),
        }),
      );
      db = new pg.Client({ connectionString: database.url });
      await db.connect();
    }, 120_000);

    afterAll(async () => {
      if (api !== undefined) await stopApiProcess(api);
      await db?.end();
      await mail?.close();
      await database?.drop();
      if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
    }, 60_000);

    it("retries the mail while SMTP refuses it and delivers each message once when it returns", async () => {
      const sender = await signUp(api.url, mail, "sender");
      const caller = resilientCaller(() => teamClient(api.url, () => sender.credential), {
        stats: { retries: 0, answered: 0 },
        whenUp: () => Promise.resolve(),
        maxAttempts: 1,
      });
      const deliveredBefore = mail.received.length;
      mail.setDown(true);
      const signers = Array.from(
        { length: 5 },
        (_, index) => `down.${index}.${randomBytes(3).toString("hex")}@example.com`,
      );
      const envelopes: string[] = [];
      for (const [index, email] of signers.entries())
        envelopes.push(await sendEnvelope(caller, `Outage ${index}`, [email]));

      // Every invitation was tried, refused, and is waiting for its next attempt.
      const invitations = `SELECT j.status, j.attempts, j.last_error FROM job j
        JOIN mail_outbox m ON j.payload->>'mailId' = m.id::text
        WHERE j.name = 'send-mail' AND m.to_address = ANY($1)`;
      await eventually(async () => {
        const rows = await db.query<{ status: string; attempts: number; last_error: string }>(
          invitations,
          [signers],
        );
        return (
          rows.rows.length === signers.length &&
          rows.rows.every(
            (row) => row.attempts >= 1 && row.status === "pending" && row.last_error !== null,
          )
        );
      }, "every invitation to fail once");
      const refused = mail.refusedCount();
      expect(mail.received.length).toBe(deliveredBefore);
      const failed = await db.query<{ last_error: string }>(invitations, [signers]);
      expect(failed.rows[0]?.last_error).toMatch(/421/);

      mail.setDown(false);
      await mail.until(
        () => signers.every((email) => mail.mailsTo(email).length > 0),
        "the invitations once SMTP is back",
        120_000,
      );
      await eventually(async () => {
        const rows = await db.query<{ status: string }>(invitations, [signers]);
        return rows.rows.every((row) => row.status === "done");
      }, "the mail jobs to finish");
      const done = await db.query<{ status: string; attempts: number }>(invitations, [signers]);
      for (const email of signers) expect(mail.mailsTo(email)).toHaveLength(1);
      expect(done.rows.every((row) => row.status === "done" && row.attempts >= 2)).toBe(true);
      const mails = await mailAccount(db, mail);
      expect(mails.lost).toEqual([]);
      expect(mails.repeats).toBe(0);
      report.push(
        `SMTP down: ${refused} connections refused with 421 while ${signers.length} envelopes were sent; once back, each invitation delivered once (attempts: ${done.rows.map((row) => row.attempts).join(", ")}); ${mails.delivered} mails of ${mails.outbox} delivered, none twice`,
      );
    }, 240_000);
  });

  describe("PostgreSQL restarted mid-run", () => {
    let postgres: PrivatePostgres | undefined;
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let mail: MailRecorder;
    let workDir: string;
    let api: ApiProcess;

    beforeAll(async () => {
      postgres = await startPrivatePostgres();
      if (postgres === undefined) return;
      database = await freshDatabase(postgres.url, "paraphe_faults_pg");
      mail = await startMailRecorder();
      workDir = await mkdtemp(path.join(tmpdir(), "paraphe-faults-"));
      api = await startBuiltApi(
        "api",
        apiEnv({
          databaseUrl: database.url,
          smtpUrl: mail.url,
          workDir,
          port: 0,
          masterKey: randomBytes(32).toString("base64"),
        }),
      );
    }, 120_000);

    afterAll(async () => {
      if (api !== undefined) await stopApiProcess(api);
      await mail?.close();
      await postgres?.stop();
      if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
    }, 60_000);

    it("answers 503 SERVICE_UNAVAILABLE while the database is down and recovers without a restart", async (context) => {
      if (postgres === undefined) {
        context.skip("Debian's PostgreSQL is not installed: no server of its own to restart");
        return;
      }
      const server = postgres;
      const sender = await signUp(api.url, mail, "sender");
      const senderApi = teamClient(api.url, () => sender.credential);
      await senderApi.user.profile({});
      const pid = api.child.pid;

      // Calls keep coming while the server stops, stays down, and starts again.
      const outcomes = { ok: 0, unavailable: 0, lost: 0, other: [] as string[], slowestMs: 0 };
      let running = true;
      const load = Array.from({ length: 4 }, async () => {
        while (running) {
          const startedAt = Date.now();
          try {
            await senderApi.user.profile({});
            outcomes.ok += 1;
          } catch (error) {
            if (
              error instanceof ApiError &&
              error.statusCode === 503 &&
              error.code === "SERVICE_UNAVAILABLE"
            )
              outcomes.unavailable += 1;
            else if (isTransient(error) && (error as ApiError).requestId === undefined)
              outcomes.lost += 1;
            else
              outcomes.other.push(
                error instanceof ApiError
                  ? `${error.statusCode} ${error.code}: ${error.message}`
                  : String(error),
              );
          }
          outcomes.slowestMs = Math.max(outcomes.slowestMs, Date.now() - startedAt);
        }
      });
      await server.halt();
      // While it is down: a read and a write each answer 503 with the spec's error shape.
      const refused = await Promise.all([
        senderApi.user.profile({}).then(
          () => undefined,
          (error: unknown) => error,
        ),
        senderApi.envelope
          .upload({ files: [{ filename: "down.pdf", data: await tinyPdf(1) }] })
          .then(
            () => undefined,
            (error: unknown) => error,
          ),
      ]);
      // A call whose connection PostgreSQL cuts at that moment may reach the client as a lost
      // connection (the SDK's 500 without a request id: not an answer of the api); every answer the
      // api gives is the 503. Counted apart and reported.
      const failures = () => api.log.filter((line) => line.includes('"request failed"')).join("\n");
      let lost = 0;
      for (const error of refused) {
        expect(error, failures()).toBeInstanceOf(ApiError);
        if (isTransient(error) && (error as ApiError).requestId === undefined) {
          lost += 1;
          continue;
        }
        expect(error, failures()).toMatchObject({ statusCode: 503, code: "SERVICE_UNAVAILABLE" });
        expect((error as ApiError).suggestion).toMatch(/try again/i);
        expect((error as ApiError).requestId).toBeTypeOf("string");
      }
      const health = await fetch(`${api.url}/health`);
      expect(health.status).toBe(503);
      await server.resume();
      running = false;
      await Promise.all(load);

      // The same process serves again: reads, a whole flow with its mails and its seal.
      expect(hasExited(api)).toBe(false);
      expect(api.child.pid).toBe(pid);
      await expect(senderApi.user.profile({})).resolves.toBeDefined();
      const caller = resilientCaller(() => senderApi, {
        stats: { retries: 0, answered: 0 },
        whenUp: () => Promise.resolve(),
        maxAttempts: 1,
      });
      const signerEmail = `after.${randomBytes(3).toString("hex")}@example.com`;
      const uuid = await sendEnvelope(caller, "After the restart", [signerEmail]);
      const link = await mail.linkFor(signerEmail, uuid, 60_000);
      const signer = resilientCaller(() => signerClient(api.url), {
        stats: { retries: 0, answered: 0 },
        whenUp: () => Promise.resolve(),
        maxAttempts: 1,
      });
      await openAndSign(signer, link, { alreadySigned: 0 });
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      try {
        await eventually(async () => {
          const sealed = await db.query<{ sealed: boolean }>(
            `SELECT bool_and(d.sealed_blob_key IS NOT NULL) AND bool_and(e.status = 'complete') AS sealed
             FROM envelope e JOIN envelope_document d ON d.envelope_id = e.id WHERE e.id = $1`,
            [uuid],
          );
          return sealed.rows[0]?.sealed === true;
        }, "the envelope to be complete and sealed");
      } finally {
        await db.end();
      }
      expect((await senderApi.envelope.get({ envelopeUuid: uuid })).status).toBe("complete");

      expect(outcomes.other, failures()).toEqual([]);
      expect(outcomes.unavailable).toBeGreaterThan(0);
      report.push(
        `PostgreSQL restarted: ${outcomes.unavailable} calls answered 503 SERVICE_UNAVAILABLE while it was down, ${outcomes.ok} served, ${outcomes.lost + lost} lost their connection, none failed otherwise, slowest ${outcomes.slowestMs} ms; afterwards the same api process (no restart) ran a whole flow: sent, signed, sealed`,
      );
    }, 240_000);
  });
});
