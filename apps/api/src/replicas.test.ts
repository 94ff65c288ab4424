/**
 * Two api processes (the built bundle, as production runs it) on one PostgreSQL database, as behind
 * a load balancer: every call of a full
 * envelope flow alternates between them. Runs only when TEST_DATABASE_URL names a PostgreSQL server
 * (PGlite cannot be shared between processes); each run creates a database of its own and drops it.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  ApiError,
  createApiClient,
  DEFAULT_APP_CREDENTIALS,
  signRequest,
  type ApiClient,
} from "@paraphe/api-sdk";
import type { AccessLink } from "@paraphe/api-sdk/contract";
import { createTunnelSession, type TunnelClient } from "@paraphe/tunnel-client";
import { TUNNEL_CONTENT_TYPE } from "@paraphe/tunnel-client/protocol";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startApiProcess, stopApiProcess, type ApiProcess } from "./test/api-process";
import { readEveryPage, sentEnvelope, sign, type TeamMember } from "./test/envelopes";
import { bindingVerifier, createTestTunnelClient, type FetchLike } from "./test/tunnel";
import { createConditionWaiter } from "./test/condition-waiter";

const baseDatabaseUrl = process.env.TEST_DATABASE_URL ?? "";

/**
 * Short settings, so that what takes minutes in production takes seconds here. The lease must
 * outlast a restart of B and one mail on a loaded machine (the test checks it does): 15 s did not.
 */
const JOB_LEASE_SECONDS = 30;
const LOGIN_CODES_PER_ADDRESS = 3;
const TUNNEL_HANDSHAKES_PER_ADDRESS = 4;

/** What the test checked, printed at the end. */
const checked: string[] = [];

// ---------------------------------------------------------------------------------------------
// The replicas

type Replica = ApiProcess;

/** Starts the built api (the bundle the suite's global setup made) and resolves once it listens. */
function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  const bundleDir = inject("apiBundleDir");
  if (bundleDir === "")
    throw new Error("no api bundle: the global setup builds one with TEST_DATABASE_URL");
  return startApiProcess(name, env, { serverFile: path.join(bundleDir, "server.js") });
}

// ---------------------------------------------------------------------------------------------
// The load balancer in front of them

/**
 * A reverse proxy on 127.0.0.1 that forwards each request, Host header and body as they are, to the
 * replica `choose` names (a trusted proxy for the replicas: they believe its X-Forwarded-For).
 */
async function startBalancer(choose: (pathname: string) => Replica | undefined) {
  const server = createServer((request, response) => {
    const replica = choose(new URL(request.url ?? "/", "http://balancer").pathname);
    if (replica === undefined) {
      response.writeHead(502).end();
      return;
    }
    const target = new URL(replica.url);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// The SMTP server both replicas send to

interface Mail {
  to: string;
  subject: string;
  /** The message with its quoted-printable encoding undone. */
  text: string;
}

/** Undoes quoted-printable (soft line breaks and `=XX` bytes) over the whole message. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function subjectOf(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  const subject = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? "";
  // An encoded word (=?UTF-8?Q?...?=) when the subject is not plain ASCII.
  return subject.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replaceAll("_", " ")),
  );
}

/**
 * A real SMTP server that keeps what it receives, and can hold the messages to one address
 * unanswered (the sending replica waits in its job) until they are released; a held message whose
 * connection closes first (the replica died) is dropped, as a real server would.
 */
async function startMailSink() {
  const received: Mail[] = [];
  const { notify, until } = createConditionWaiter(20_000);
  let holdAddress: string | undefined;
  const held = new Map<string, { release: () => void; drop: () => void }>();
  const closedHeld: string[] = [];

  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onClose(session) {
      const message = held.get(session.id);
      if (message === undefined) return;
      held.delete(session.id);
      closedHeld.push(session.id);
      message.drop();
      notify();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const accept = (): void => {
          for (const address of to)
            received.push({
              to: address,
              subject: subjectOf(raw),
              text: decodeQuotedPrintable(raw),
            });
          notify();
          callback();
        };
        if (holdAddress !== undefined && to.includes(holdAddress)) {
          held.set(session.id, { release: accept, drop: () => undefined });
          notify();
          return;
        }
        accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo: (address: string) => received.filter((mail) => mail.to === address),
    until,
    hold(address: string | undefined) {
      holdAddress = address;
    },
    heldCount: () => held.size,
    droppedCount: () => closedHeld.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type MailSink = Awaited<ReturnType<typeof startMailSink>>;

// ---------------------------------------------------------------------------------------------
// The clients: a load balancer that alternates calls between the live replicas

describe.runIf(baseDatabaseUrl !== "")("two api replicas on one PostgreSQL database", () => {
  const databaseName = `paraphe_replicas_${randomBytes(6).toString("hex")}`;
  let admin: pg.Client;
  let db: pg.Client;
  let smtp: MailSink;
  let workDir: string;
  let env: Record<string, string>;
  let a: Replica;
  let b: Replica;
  /** The replicas the balancer sends to, in turn; handshakes go to the first. */
  let live: Replica[] = [];
  let turn = 0;
  const served = new Map<string, number>();

  let balanced: Awaited<ReturnType<typeof startBalancer>>;
  let toA: Awaited<ReturnType<typeof startBalancer>>;
  let toB: Awaited<ReturnType<typeof startBalancer>>;

  /** A fetch to `baseUrl` from the client address `ip` (the balancer forwards it). */
  const from =
    (ip: string): FetchLike =>
    async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("X-Forwarded-For", ip);
      return fetch(input, { ...init, headers });
    };

  let ipCounter = 0;
  const nextIp = (): string => {
    ipCounter += 1;
    return `203.0.113.${ipCounter}`;
  };

  function teamClient(
    ip: string,
    credential: () => { accessKey: string; secretKey: string } | null,
  ) {
    return createApiClient({
      baseUrl: balanced.url,
      tunnel: createTestTunnelClient(from(ip), { baseUrl: balanced.url }),
      appCredential: DEFAULT_APP_CREDENTIALS.web,
      credential,
    });
  }

  function signerClient(ip: string): ApiClient {
    return createApiClient({
      baseUrl: balanced.url,
      tunnel: createTestTunnelClient(from(ip), { baseUrl: balanced.url }),
      appCredential: DEFAULT_APP_CREDENTIALS.sign,
      credential: () => null,
    });
  }

  async function codeFor(email: string): Promise<string> {
    await smtp.until(() => smtp.mailsTo(email).length > 0, `a sign-in code mailed to ${email}`);
    const mail = smtp.mailsTo(email).at(-1)!;
    const code = /^([0-9A-Z]{6})\r?$/m.exec(mail.text)?.[1];
    if (code === undefined) throw new Error(`no code in the mail to ${email}`);
    return code;
  }

  async function linkFor(email: string, envelopeUuid: string, count = 1): Promise<AccessLink> {
    await smtp.until(
      () =>
        smtp.mailsTo(email).filter((mail) => mail.text.includes(`/sign/${envelopeUuid}#`)).length >=
        count,
      `a signing link mailed to ${email}`,
    );
    const pattern = new RegExp(`/sign/${envelopeUuid}#token=([^&\\s]+)&secret=([^&\\s"<]+)`);
    for (const mail of smtp.mailsTo(email).reverse()) {
      const match = pattern.exec(mail.text);
      if (match?.[1] !== undefined && match[2] !== undefined)
        return {
          envelopeUuid,
          token: decodeURIComponent(match[1]),
          secretKey: decodeURIComponent(match[2]),
        };
    }
    throw new Error(`no signing link mailed to ${email}`);
  }

  /** Signs a new person up (code asked on one replica, checked on the other) with a team. */
  async function signUp(name: string): Promise<TeamMember> {
    const email = `${name}.${randomBytes(4).toString("hex")}@example.com`;
    const ip = nextIp();
    let credential: { accessKey: string; secretKey: string; email: string } | null = null;
    const api = teamClient(ip, () => credential);
    await api.authentication.requestCode({ email });
    const answer = await api.authentication.verifyCode({ email, code: await codeFor(email) });
    credential = { accessKey: answer.accessKey, secretKey: answer.secretKey, email: answer.email };
    const profile = await api.team.create({ name: "Replicated", firstname: "Ada", lastname: name });
    return {
      api,
      credential,
      email,
      ip,
      teamUuid: profile.team?.uuid ?? "",
      defaultWorkspaceUuid: profile.team?.defaultWorkspaceUuid ?? "",
    };
  }

  async function jobRows(where: string, params: unknown[] = []) {
    const result = await db.query<{
      id: string;
      name: string;
      status: string;
      attempts: number;
      lease_alive: boolean | null;
      locked_until: Date | null;
    }>(
      `SELECT id, name, status, attempts, locked_until, locked_until > now() AS lease_alive
       FROM job WHERE ${where} ORDER BY created_at`,
      params,
    );
    return result.rows;
  }

  /** Resolves when `query` answers true; the database is read again after each interval. */
  async function eventually(query: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await query())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const url = new URL(baseDatabaseUrl);
    url.pathname = `/${databaseName}`;
    const databaseUrl = url.toString();
    smtp = await startMailSink();
    workDir = await mkdtemp(path.join(tmpdir(), "paraphe-replicas-"));
    env = {
      NODE_ENV: "test",
      API_HOST: "127.0.0.1",
      API_PORT: "0",
      LOG_LEVEL: "info",
      DATABASE_URL: databaseUrl,
      TUNNEL_SESSION_STORE: "database",
      SMTP_URL: smtp.url,
      BLOB_STORAGE: "local",
      BLOB_DIR: path.join(workDir, "blobs"),
      BLOB_MASTER_KEY: randomBytes(32).toString("base64"),
      TRUSTED_PROXIES: "127.0.0.1",
      JOB_LEASE_SECONDS: String(JOB_LEASE_SECONDS),
      LOGIN_CODES_PER_ADDRESS: String(LOGIN_CODES_PER_ADDRESS),
      TUNNEL_HANDSHAKES_PER_ADDRESS: String(TUNNEL_HANDSHAKES_PER_ADDRESS),
    };
    // Both at once, as a deployment starts them: migrations and start-up sweeps run side by side.
    const startedAt = Date.now();
    [a, b] = await Promise.all([
      startReplica("A", { ...env, DATA_DIR: path.join(workDir, "a") }),
      startReplica("B", { ...env, DATA_DIR: path.join(workDir, "b") }),
    ]);
    live = [a, b];
    checked.push(
      `A and B started side by side in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    // The two steps of a handshake reach the replica that holds its HPKE key (the first one
    // running); every other call goes to the next replica in turn.
    balanced = await startBalancer((pathname) => {
      const replica = pathname === "/tunnel/session" ? live[0] : live[turn++ % live.length];
      if (replica !== undefined) served.set(replica.name, (served.get(replica.name) ?? 0) + 1);
      return replica;
    });
    toA = await startBalancer(() => a);
    toB = await startBalancer(() => b);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    // SIGKILL works on a frozen (SIGSTOP) replica too; the database is dropped after.
    for (const replica of [a, b]) {
      if (replica === undefined || replica.child.exitCode !== null) continue;
      if (replica.child.signalCode !== null) continue;
      replica.child.kill("SIGKILL");
      await replica.exited;
    }
    await db?.end();
    for (const proxy of [balanced, toA, toB]) await proxy?.close();
    await smtp?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin?.end();
    if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
    console.info(`two replicas on one PostgreSQL database:\n- ${checked.join("\n- ")}`);
  }, 30_000);

  it("runs a whole envelope flow with every call alternating between the replicas", async () => {
    const sender = await signUp("sender");
    checked.push(
      "a sign-in code asked on one replica is accepted on the other; the session it opens works on both",
    );

    const first = `first.${randomBytes(4).toString("hex")}@example.com`;
    const second = `second.${randomBytes(4).toString("hex")}@example.com`;
    const envelope = await sentEnvelope(sender, [first, second], {
      order: "sequential",
      reminderDays: 1,
    });
    expect(envelope.status).toBe("signing");

    const firstSigner = signerClient(nextIp());
    const firstLink = await linkFor(first, envelope.uuid);
    await readEveryPage(firstSigner, firstLink);
    await sign(firstSigner, firstLink);

    // The second signer's turn: a reminder is due (invited two days ago, reminders every day), and
    // each replica runs a deadline pass at the same time. One reminder goes out.
    const secondLink = await linkFor(second, envelope.uuid);
    await db.query(
      `UPDATE recipient SET invited_at = now() - interval '2 days'
       WHERE email = $1 AND envelope_id = $2`,
      [second, envelope.uuid],
    );
    const passes = await db.query<{ id: string }>(
      `INSERT INTO job (name, payload) VALUES ('envelope-deadlines', '{}'), ('envelope-deadlines', '{}')
       RETURNING id`,
    );
    await db.query(`NOTIFY paraphe_job`);
    await eventually(async () => {
      const rows = await jobRows("id = ANY($1)", [passes.rows.map((row) => row.id)]);
      return rows.every((row) => row.status === "done");
    }, "the two deadline passes");
    const reminders = () => smtp.mailsTo(second).filter((mail) => /remind/i.test(mail.subject));
    await smtp.until(() => reminders().length > 0, "the reminder");

    const secondSigner = signerClient(nextIp());
    await readEveryPage(secondSigner, secondLink);
    await sign(secondSigner, secondLink);

    await eventually(async () => {
      const rows = await jobRows("name = 'seal-envelope' AND payload->>'envelopeId' = $1", [
        envelope.uuid,
      ]);
      return rows.length === 1 && rows[0]?.status === "done";
    }, "the seal");
    const seals = await jobRows("name = 'seal-envelope' AND payload->>'envelopeId' = $1", [
      envelope.uuid,
    ]);
    expect(seals.map((row) => [row.status, row.attempts])).toEqual([["done", 1]]);
    const sealed = await db.query<{ sealed: boolean }>(
      `SELECT bool_and(sealed_blob_key IS NOT NULL) AS sealed FROM envelope_document WHERE envelope_id = $1`,
      [envelope.uuid],
    );
    expect(sealed.rows[0]?.sealed).toBe(true);
    const detail = await sender.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(detail.status).toBe("complete");
    checked.push(
      "the completion is sealed by one seal job, run once, and seen as complete on both",
    );

    // Every mail the flow caused was sent once: one per recipient and subject, each job done once.
    await eventually(async () => {
      const pending = await jobRows("name = 'send-mail' AND status <> 'done'");
      return pending.length === 0;
    }, "the mail jobs");
    const outbox = await db.query<{ to_address: string; mails: number }>(
      `SELECT to_address, count(*)::int AS mails FROM mail_outbox GROUP BY to_address`,
    );
    expect(outbox.rows.length).toBeGreaterThan(0);
    for (const row of outbox.rows) expect(smtp.mailsTo(row.to_address)).toHaveLength(row.mails);
    expect(reminders()).toHaveLength(1);
    checked.push(
      "two deadline passes run side by side send one reminder to the signer whose turn it is",
    );
    const mailJobs = await jobRows("name = 'send-mail'");
    expect(mailJobs.map((row) => [row.status, row.attempts])).toEqual(
      mailJobs.map(() => ["done", 1]),
    );
    expect(smtp.received.length).toBe(mailJobs.length);
    checked.push(
      `${smtp.received.length} mails (codes, invitations, reminder, completion) each delivered once by one job attempt`,
    );

    expect(served.get("A") ?? 0).toBeGreaterThan(5);
    expect(served.get("B") ?? 0).toBeGreaterThan(5);
    checked.push(
      `the balancer sent ${served.get("A")} calls to A and ${served.get("B")} to B, in turn`,
    );
  }, 120_000);

  it("refuses on one replica a request nonce already used on the other", async () => {
    const ip = nextIp();
    const onA = createTestTunnelClient(from(ip), { baseUrl: toA.url });
    const onB = createTestTunnelClient(from(ip), { baseUrl: toB.url });
    const nonce = randomBytes(16).toString("base64url");
    const email = `nonce.${randomBytes(4).toString("hex")}@example.com`;
    const call = async (tunnel: TunnelClient) => {
      const response = await tunnel.request("POST", "/authentication/request-code", {
        body: new TextEncoder().encode(JSON.stringify({ email })),
        beforeSend: async (wire) => {
          const signed = await signRequest({
            method: wire.method,
            url: wire.url,
            headers: wire.headers,
            body: wire.body,
            credential: DEFAULT_APP_CREDENTIALS.web,
            nonce,
          });
          for (const [name, value] of Object.entries(signed)) wire.headers.set(name, value);
        },
      });
      return {
        status: response.status,
        body: (await response.json()) as { error?: { code: string } },
      };
    };
    expect((await call(onA)).status).toBe(200);
    const replayed = await call(onB);
    expect(replayed.status).toBe(401);
    expect(replayed.body.error?.code).toBe("AUTHENTICATION_ERROR");
    checked.push("a request nonce used on A is refused on B (401 AUTHENTICATION_ERROR)");
  });

  it("counts per-address limits across both replicas", async () => {
    // Fixed windows: start at the beginning of one, so that the count is not cut in two.
    const msIntoMinute = Date.now() % 60_000;
    if (msIntoMinute > 45_000)
      await new Promise((resolve) => setTimeout(resolve, 60_000 - msIntoMinute + 100));

    const ip = nextIp();
    const api = teamClient(ip, () => null);
    const email = `limits.${randomBytes(4).toString("hex")}@example.com`;
    for (let i = 0; i < LOGIN_CODES_PER_ADDRESS; i++)
      await api.authentication.requestCode({ email });
    const refused = await api.authentication.requestCode({ email }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).statusCode).toBe(429);
    expect((refused as ApiError).code).toBe("RATE_LIMITED");
    checked.push(
      `sign-in codes per address: ${LOGIN_CODES_PER_ADDRESS} asked across A and B, the next refused with 429`,
    );

    const handshakeIp = nextIp();
    const results: number[] = [];
    for (let i = 0; i <= TUNNEL_HANDSHAKES_PER_ADDRESS; i++) {
      const replica = i % 2 === 0 ? a : b;
      const hello = await createTunnelSession({
        verifyEvidence: bindingVerifier(),
      }).getOutgoingMessage();
      const response = await fetch(`${replica.url}/tunnel/session`, {
        method: "POST",
        headers: { "Content-Type": TUNNEL_CONTENT_TYPE, "X-Forwarded-For": handshakeIp },
        body: hello ?? new Uint8Array(0),
      });
      results.push(response.status);
    }
    expect(results).toEqual([...Array<number>(TUNNEL_HANDSHAKES_PER_ADDRESS).fill(200), 429]);
    checked.push(
      `handshakes per address: ${TUNNEL_HANDSHAKES_PER_ADDRESS} started across A and B, the next refused with 429`,
    );
  }, 90_000);

  it("leaves a job under a live lease to its frozen replica, even at another's start, then takes it over when the lease runs out", async () => {
    // A alone runs jobs: B stops.
    await stopApiProcess(b);
    live = [a];
    const held = `held.${randomBytes(4).toString("hex")}@example.com`;
    smtp.hold(held);
    const ip = nextIp();
    await teamClient(ip, () => null).authentication.requestCode({ email: held });
    // A is sending the mail: the SMTP server holds it unanswered. A freezes there.
    await smtp.until(() => smtp.heldCount() === 1, "the held mail");
    a.child.kill("SIGSTOP");
    const [running] = await jobRows(
      "name = 'send-mail' AND status = 'running' AND payload->>'mailId' IN (SELECT id::text FROM mail_outbox WHERE to_address = $1)",
      [held],
    );
    expect(running).toMatchObject({ status: "running", attempts: 1, lease_alive: true });

    // B starts again: its start-up sweep and its worker leave the job alone while the lease lives.
    const restartedAt = Date.now();
    b = await startReplica("B", { ...env, DATA_DIR: path.join(workDir, "b") });
    const restartSeconds = ((Date.now() - restartedAt) / 1000).toFixed(1);
    live = [b];
    // B's sweep has run (before it listened); B's worker has claimed jobs since: it delivered the
    // mail of a call made now, and left the held job alone.
    const afterEmail = `after.${randomBytes(4).toString("hex")}@example.com`;
    await teamClient(nextIp(), () => null).authentication.requestCode({ email: afterEmail });
    await smtp.until(() => smtp.mailsTo(afterEmail).length === 1, "B to deliver a mail");
    const [during] = await jobRows("id = $1", [running!.id]);
    // The lease taken by A is still running (the database's clock): what follows proves something.
    expect(during?.lease_alive, "B took longer to start than the lease lasts").toBe(true);
    expect(during).toMatchObject({ status: "running", attempts: 1, lease_alive: true });
    expect(during?.locked_until?.getTime()).toBe(running!.locked_until?.getTime());
    checked.push(
      `B's start-up sweep (B restarted in ${restartSeconds} s) and worker leave a job alone while the frozen A's lease of ${JOB_LEASE_SECONDS} s lives (status, attempts and lease unchanged)`,
    );

    // A dies; its SMTP connection closes with the mail unsent. B takes the job over once the lease
    // has run out, and the mail is delivered once.
    a.child.kill("SIGKILL");
    await a.exited;
    await smtp.until(() => smtp.droppedCount() === 1, "the dead replica's connection to close");
    smtp.hold(undefined);
    await smtp.until(
      () => smtp.mailsTo(held).length === 1,
      "the mail taken over by B",
      (JOB_LEASE_SECONDS + 10) * 1000,
    );
    await eventually(async () => {
      const [row] = await jobRows("id = $1", [running!.id]);
      return row?.status === "done";
    }, "the taken-over job to finish");
    const [after] = await jobRows("id = $1", [running!.id]);
    expect(after).toMatchObject({ status: "done", attempts: 2 });
    expect(smtp.mailsTo(held)).toHaveLength(1);
    checked.push(
      "after A is killed, B takes its job over once the lease has run out: one mail delivered, on the second attempt",
    );
  }, 120_000);
});
