/**
 * The signing page's first-page-visible time under Chromium's "Fast 3G" emulation, next to its
 * floor.
 *
 * The real stack, each part in a child process: the built api (`apps/api/dist/server.js`, a fresh
 * data folder, mail into the development mailbox) and `vite preview` of the signing app built for
 * that api. A real envelope is made through the api SDK (sign-in code read from the development
 * mailbox, a team, a 3-page PDF, one signer, a signature field, sent); the signing link comes from
 * the invitation mail. Chromium then opens the link in a fresh context (cache disabled, Fast 3G
 * through CDP) and the time runs from navigation start until the first page's preview image has
 * loaded.
 *
 * Floor: the bytes received at Fast 3G's download rate, plus the bytes sent at its upload rate,
 * plus one latency per round trip, where the round trips are the longest chain of requests each
 * started after the previous one finished (document, entry script, lazy chunks, handshake, open,
 * page...). Nothing can show the page sooner with these bytes and this sequence of requests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createApiClient, DEFAULT_APP_CREDENTIALS, type SigningCredential } from "@paraphe/api-sdk";
import { bindingVerifier, makePdf } from "@paraphe/api/testing";
import { buildApp, ROOT, viteBin } from "./bundle";
import { median } from "./stats";

/** Chrome DevTools' "Fast 3G" preset. */
export const FAST_3G = {
  latencyMs: 562.5,
  downloadBytesPerSecond: (1.6 * 1_000_000 * 0.9) / 8,
  uploadBytesPerSecond: (750 * 1_000 * 0.9) / 8,
} as const;

export interface SigningPageOptions {
  runs: number;
}

export interface RequestRecord {
  label: string;
  start: number;
  end: number;
  received: number;
  sent: number;
}

export interface SigningPageRun {
  visibleMs: number;
  requests: number;
  receivedBytes: number;
  sentBytes: number;
  roundTrips: number;
  /** The labels of the longest chain of sequential requests. */
  chain: string[];
  floorMs: number;
  /**
   * Every request finished before the page showed, in the order they started: times in ms from
   * navigation start, bytes received.
   */
  waterfall: { label: string; startMs: number; endMs: number; received: number }[];
}

/**
 * The part of Playwright's API used here. Playwright is a dependency of the browser tests
 * (tooling/e2e), loaded from there at run time, not of the benchmarks.
 */
interface CdpRequestWillBeSent {
  requestId: string;
  timestamp: number;
  request: {
    url: string;
    method: string;
    postData?: string;
    postDataEntries?: { bytes?: string }[];
  };
}
interface CdpLoadingFinished {
  requestId: string;
  timestamp: number;
  encodedDataLength: number;
}
interface CDPSession {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  on(event: "Network.requestWillBeSent", listener: (event: CdpRequestWillBeSent) => void): void;
  on(event: "Network.loadingFinished", listener: (event: CdpLoadingFinished) => void): void;
}
interface Page {
  goto(url: string, options: { waitUntil: "commit" }): Promise<unknown>;
  waitForFunction(
    expression: string,
    arg: undefined,
    options: { timeout: number; polling: "raf" },
  ): Promise<{ jsonValue(): Promise<unknown> }>;
}
interface BrowserType {
  launch(options: { executablePath: string; args: string[] }): Promise<{
    newContext(options: {
      viewport: { width: number; height: number };
      bypassCSP?: boolean;
    }): Promise<{
      newPage(): Promise<Page>;
      newCDPSession(page: Page): Promise<CDPSession>;
    }>;
    close(): Promise<void>;
  }>;
}

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops a child started with `detached` (its own process group) and waits for it. */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // gone
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

async function waitForMail(apiUrl: string, to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${apiUrl}/dev/mailbox.json`);
    const messages = (await response.json()) as MailboxMessage[];
    for (const message of messages) {
      const match = message.to.includes(to) ? pattern.exec(message.text) : null;
      if (match?.[1]) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs in through the SDK, makes a 3-page envelope for one signer, sends it: the signing link. */
async function createEnvelope(apiUrl: string): Promise<string> {
  let credential: SigningCredential | null = null;
  const api = createApiClient({
    baseUrl: apiUrl,
    verifyEvidence: bindingVerifier(),
    appCredential: DEFAULT_APP_CREDENTIALS.web,
    credential: () => credential,
  });
  const sender = "sender@bench.example.com";
  const signer = "signer@bench.example.com";
  await api.authentication.requestCode({ email: sender, language: "en" });
  const code = await waitForMail(apiUrl, sender, /\b([34679ACDEFGHJKMNPQRTUVWXY]{6})\b/);
  credential = await api.authentication.verifyCode({ email: sender, code });
  await api.team.create({ name: "Bench team", firstname: "Ada", lastname: "Sender" });
  const pdf = await makePdf({ pages: 3 });
  const uploaded = await api.envelope.upload({
    files: [{ filename: "agreement.pdf", data: Buffer.from(pdf).toString("base64") }],
  });
  const envelopeUuid = uploaded.uuid;
  const documentUuid = uploaded.documents[0]!.uuid;
  const withRecipient = await api.envelope.saveRecipients({
    envelopeUuid,
    recipients: [{ email: signer, firstname: "Grace", lastname: "Signer" }],
  });
  await api.envelope.saveFields({
    envelopeUuid,
    fields: [
      {
        documentUuid,
        page: 2,
        x: 0.1,
        y: 0.75,
        width: 0.35,
        height: 0.08,
        kind: "signature",
        recipientUuid: withRecipient.recipients[0]!.uuid,
      },
    ],
  });
  await api.envelope.send({ envelopeUuid });
  return waitForMail(apiUrl, signer, /(https?:\/\/[^\s"<>]+\/sign\/[0-9a-f-]+#[^\s"<>]+)/);
}

/**
 * Round trips: the critical path that ends with `last`, walked backwards, each request preceded by
 * the one that finished last before it started (what it was waiting for). The favicon is left
 * out: nothing waits for it; so are CORS preflights, which run inside their POST's span (the POST
 * is logged first). Each link of the chain pays at least one latency.
 */
export function criticalPath(
  requests: readonly RequestRecord[],
  last: RequestRecord,
): RequestRecord[] {
  const candidates = requests.filter(
    (request) => !request.label.startsWith("/favicon") && !request.label.startsWith("OPTIONS "),
  );
  const chain = [last];
  for (let current = last; ;) {
    let previous: RequestRecord | undefined;
    for (const request of candidates) {
      if (request.end <= current.start && (!previous || request.end > previous.end)) {
        previous = request;
      }
    }
    if (!previous) return chain;
    chain.unshift(previous);
    current = previous;
  }
}

function labelOf(url: string, method: string): string {
  const parsed = new URL(url);
  const name = parsed.pathname.startsWith("/assets/")
    ? parsed.pathname.slice("/assets/".length).replace(/-[\w-]{8}\.(js|css|woff2?)$/, ".$1")
    : parsed.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "<uuid>");
  return method === "GET" ? name : `${method} ${name}`;
}

async function measureOnce(chromium: BrowserType, link: string): Promise<SigningPageRun> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    // The app's Content-Security-Policy forbids 'unsafe-eval', which Playwright's polling
    // predicate needs; bypassing it changes what the page may run, not what it downloads or when.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: FAST_3G.latencyMs,
      downloadThroughput: FAST_3G.downloadBytesPerSecond,
      uploadThroughput: FAST_3G.uploadBytesPerSecond,
    });
    const records = new Map<string, RequestRecord>();
    cdp.on("Network.requestWillBeSent", (event) => {
      const { url, method, postData, postDataEntries } = event.request;
      if (!url.startsWith("http")) return;
      // Request bodies: binary ones (the sealed tunnel bodies) come as base64 entries.
      const sent = postDataEntries
        ? postDataEntries.reduce(
            (total, entry) => total + (entry.bytes ? Buffer.from(entry.bytes, "base64").length : 0),
            0,
          )
        : postData === undefined
          ? 0
          : Buffer.byteLength(postData);
      records.set(event.requestId, {
        label: labelOf(url, method),
        start: event.timestamp * 1000,
        end: Number.POSITIVE_INFINITY,
        received: 0,
        sent,
      });
    });
    cdp.on("Network.loadingFinished", (event) => {
      const record = records.get(event.requestId);
      if (!record) return;
      record.end = event.timestamp * 1000;
      record.received = event.encodedDataLength;
    });

    await page.goto(link, { waitUntil: "commit" });
    // Page-side clock: 0 is navigation start. Polled every animation frame.
    const visible = await page.waitForFunction(
      `(() => {
        const img = document.querySelector('[data-page="0"] img');
        return img && img.complete && img.naturalWidth > 0 ? performance.now() : false;
      })()`,
      undefined,
      { timeout: 180_000, polling: "raf" },
    );
    const visibleMs = (await visible.jsonValue()) as number;
    const navigationStart = Math.min(...[...records.values()].map((record) => record.start));
    const before = [...records.values()].filter(
      (record) => record.end - navigationStart <= visibleMs,
    );
    const receivedBytes = before.reduce((total, record) => total + record.received, 0);
    const sentBytes = before.reduce((total, record) => total + record.sent, 0);
    // The page image: the last page call finished before the page showed, or, when the open call
    // carried it (its answer's `firstPage`), the last request finished before then.
    const byEnd = [...before].sort((a, b) => a.end - b.end);
    const last =
      byEnd.filter((record) => record.label.includes("download-signer-document")).at(-1) ??
      byEnd.at(-1)!;
    const chain = criticalPath(before, last);
    const floorMs =
      (receivedBytes / FAST_3G.downloadBytesPerSecond) * 1000 +
      (sentBytes / FAST_3G.uploadBytesPerSecond) * 1000 +
      chain.length * FAST_3G.latencyMs;
    return {
      visibleMs,
      requests: before.length,
      receivedBytes,
      sentBytes,
      roundTrips: chain.length,
      chain: chain.map((record) => record.label),
      floorMs,
      waterfall: [...before]
        .sort((a, b) => a.start - b.start)
        .map((record) => ({
          label: record.label,
          startMs: Math.round(record.start - navigationStart),
          endMs: Math.round(record.end - navigationStart),
          received: record.received,
        })),
    };
  } finally {
    await browser.close();
  }
}

async function loadChromium(): Promise<BrowserType> {
  const require = createRequire(path.join(ROOT, "tooling/e2e/package.json"));
  const entry = pathToFileURL(require.resolve("@playwright/test")).href;
  // A CommonJS module: its exports arrive as `default`.
  const playwright = (await import(entry)) as {
    chromium?: BrowserType;
    default?: { chromium: BrowserType };
  };
  const chromium = playwright.chromium ?? playwright.default?.chromium;
  if (!chromium) throw new Error("Playwright's chromium was not found in tooling/e2e");
  return chromium;
}

export async function runSigningPageBenchmark(
  options: SigningPageOptions,
  log: (line: string) => void,
): Promise<SigningPageRun[]> {
  const server = path.join(ROOT, "apps/api/dist/server.js");
  if (!existsSync(server)) {
    throw new Error("apps/api/dist/server.js is missing: run `pnpm --filter @paraphe/api build`");
  }
  const chromium = await loadChromium();
  const work = await mkdtemp(path.join(tmpdir(), "paraphe-bench-signing-"));
  let api: ChildProcess | undefined;
  let preview: ChildProcess | undefined;
  try {
    const apiPort = await freePort();
    const signPort = await freePort();
    const webPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const signUrl = `http://127.0.0.1:${signPort}`;
    const outDir = path.join(work, "sign-dist");

    log(`signing-page: building apps/sign for ${apiUrl}`);
    buildApp("sign", { outDir, env: { VITE_API_URL: apiUrl } });

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: path.join(work, "data"),
      API_PORT: String(apiPort),
      PUBLIC_API_URL: apiUrl,
      SIGN_URL: signUrl,
      WEB_URL: `http://127.0.0.1:${webPort}`,
      LOG_LEVEL: "warn",
      // The sign-in code and the signing link are read from the development mailbox.
      DEV_MAILBOX: "1",
    };
    delete env.SMTP_URL;
    api = spawn(process.execPath, [server], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const signDir = path.join(ROOT, "apps/sign");
    preview = spawn(
      process.execPath,
      [
        viteBin(signDir),
        "preview",
        "--outDir",
        outDir,
        "--host",
        "127.0.0.1",
        "--port",
        String(signPort),
        "--strictPort",
      ],
      { cwd: signDir, detached: true, stdio: ["ignore", "ignore", "inherit"] },
    );
    await waitForHttp(`${apiUrl}/health`, api);
    await waitForHttp(signUrl, preview);

    log("signing-page: creating an envelope through the api SDK");
    const link = await createEnvelope(apiUrl);

    const runs: SigningPageRun[] = [];
    for (let run = 1; run <= options.runs; run++) {
      const result = await measureOnce(chromium, link);
      log(
        `signing-page: run ${run}/${options.runs}: ${(result.visibleMs / 1000).toFixed(2)} s, ${result.roundTrips} round trips`,
      );
      runs.push(result);
    }
    return runs;
  } finally {
    await stop(preview);
    await stop(api);
    await rm(work, { recursive: true, force: true });
  }
}

/** The run whose time is the median one. */
export function medianRun(runs: readonly SigningPageRun[]): SigningPageRun {
  const middle = median(runs.map((run) => run.visibleMs));
  return [...runs].sort(
    (a, b) => Math.abs(a.visibleMs - middle) - Math.abs(b.visibleMs - middle),
  )[0]!;
}
