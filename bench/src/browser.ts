/**
 * What the browser benchmarks (`signing-page`, `team-app`) share: Chromium through Playwright (from
 * tooling/e2e), DevTools' Fast 3G preset through CDP, a network log of every request (start, end,
 * bytes), the critical path of round trips and the floor it implies, and the child processes of
 * the real stack (ports, readiness, stopping, the development mailbox).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { get as httpsGet } from "node:https";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ROOT, viteBin } from "./bundle";

/** Chrome DevTools' "Fast 3G" preset. */
export const FAST_3G = {
  latencyMs: 562.5,
  downloadBytesPerSecond: (1.6 * 1_000_000 * 0.9) / 8,
  uploadBytesPerSecond: (750 * 1_000 * 0.9) / 8,
} as const;

export interface RequestRecord {
  label: string;
  start: number;
  end: number;
  received: number;
  sent: number;
}

/**
 * The part of Playwright's API used here. Playwright is a dependency of the browser tests
 * (tooling/e2e), loaded from there at run time, not of the benchmarks.
 */
export interface CdpRequestWillBeSent {
  requestId: string;
  timestamp: number;
  request: {
    url: string;
    method: string;
    postData?: string;
    postDataEntries?: { bytes?: string }[];
  };
}
export interface CdpLoadingFinished {
  requestId: string;
  timestamp: number;
  encodedDataLength: number;
}
export interface CDPSession {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  on(event: "Network.requestWillBeSent", listener: (event: CdpRequestWillBeSent) => void): void;
  on(event: "Network.loadingFinished", listener: (event: CdpLoadingFinished) => void): void;
}
export interface Page {
  goto(url: string, options: { waitUntil: "commit" }): Promise<unknown>;
  waitForFunction(
    expression: string,
    arg: undefined,
    options: { timeout: number; polling: "raf" },
  ): Promise<{ jsonValue(): Promise<unknown> }>;
  evaluate(expression: string): Promise<unknown>;
  fill(selector: string, value: string): Promise<void>;
  click(selector: string): Promise<void>;
  keyboard: { press(key: string): Promise<void> };
}
export interface BrowserType {
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

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function freePort(): Promise<number> {
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

/** The status of a GET of an https address whose certificate is `ca` (a throw-away one). */
function httpsStatus(url: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpsGet(url, { ca }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on("error", reject);
  });
}

export async function waitForHttp(
  url: string,
  child: ChildProcess,
  timeoutMs = 60_000,
  ca?: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      const status = ca ? await httpsStatus(url, ca) : (await fetch(url)).status;
      if (status >= 200 && status < 300) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * How the browser benchmarks serve the apps. `http2` (the default): `vite preview` with TLS, which
 * Vite serves with node's HTTP/2 secure server, as nginx serves the apps in production (the root
 * README's "Production behind nginx"): one connection, every request at once. `http1`: plain
 * `vite preview`, HTTP/1.1, where Chromium opens six connections to a host and a seventh request
 * waits for one of them. The api stays on plain HTTP/1.1 either way (a page may call a loopback
 * address over http).
 */
export type Transport = "http2" | "http1";

/** A throw-away TLS identity for 127.0.0.1, and what Chromium needs to trust it. */
interface Certificate {
  keyFile: string;
  certFile: string;
  pem: string;
  /** Chromium's flag accepting this certificate's key (base64 SHA-256 of its SubjectPublicKeyInfo). */
  chromiumArg: string;
}

/** A self-signed P-256 certificate for 127.0.0.1, valid for a day, made with openssl in `dir`. */
function makeCertificate(dir: string): Certificate {
  const keyFile = path.join(dir, "preview-key.pem");
  const certFile = path.join(dir, "preview-cert.pem");
  const result = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  if (result.status !== 0) {
    throw new Error(`openssl could not make the preview's certificate: ${String(result.stderr)}`);
  }
  const pem = readFileSync(certFile, "utf8");
  const spki = createPublicKey(pem).export({ type: "spki", format: "der" });
  const hash = createHash("sha256").update(spki).digest("base64");
  // Accepted as if a known authority had issued it: the page is an ordinary secure one (no
  // certificate error, which would, among other things, turn passkeys off).
  return { keyFile, certFile, pem, chromiumArg: `--ignore-certificate-errors-spki-list=${hash}` };
}

export interface Preview {
  child: ChildProcess;
  /** The app's origin, `https://127.0.0.1:port` or `http://...`. */
  url: string;
  /** What Chromium must be launched with (the certificate's acceptance over HTTP/2). */
  chromiumArgs: string[];
}

/** The origin the preview of `port` will have (for the api's configuration, made first). */
export function previewUrl(transport: Transport, port: number): string {
  return `${transport === "http2" ? "https" : "http"}://127.0.0.1:${port}`;
}

/**
 * `vite preview` of apps/<app> built into `outDir`, on `port`, in a child process of its own
 * (`preview-server.ts`), over the transport asked for; `work` holds the certificate.
 */
export async function startPreview(options: {
  app: string;
  outDir: string;
  port: number;
  transport: Transport;
  work: string;
}): Promise<Preview> {
  const appDir = path.join(ROOT, "apps", options.app);
  const viteEntry = path.join(path.dirname(viteBin(appDir)), "../dist/node/index.js");
  const certificate = options.transport === "http2" ? makeCertificate(options.work) : undefined;
  const script = fileURLToPath(new URL("preview-server.ts", import.meta.url));
  const child = spawn(
    process.execPath,
    [
      script,
      viteEntry,
      appDir,
      options.outDir,
      String(options.port),
      ...(certificate ? [certificate.keyFile, certificate.certFile] : []),
    ],
    { cwd: appDir, detached: true, stdio: ["ignore", "ignore", "inherit"] },
  );
  const url = previewUrl(options.transport, options.port);
  await waitForHttp(url, child, 60_000, certificate?.pem);
  return { child, url, chromiumArgs: certificate ? [certificate.chromiumArg] : [] };
}

/** Stops a child started with `detached` (its own process group) and waits for it. */
export async function stop(child: ChildProcess | undefined): Promise<void> {
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

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

export async function waitForMail(apiUrl: string, to: string, pattern: RegExp): Promise<string> {
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

export function labelOf(url: string, method: string): string {
  const parsed = new URL(url);
  const name = parsed.pathname.startsWith("/assets/")
    ? parsed.pathname.slice("/assets/".length).replace(/-[\w-]{8}\.(js|css|woff2?)$/, ".$1")
    : parsed.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "<uuid>");
  return method === "GET" ? name : `${method} ${name}`;
}

export async function loadChromium(): Promise<BrowserType> {
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

/**
 * Turns on the network log of a page's CDP session, with the cache disabled and Fast 3G emulated:
 * every http(s) request from then on, with its start and end (ms, CDP clock), the bytes received
 * (bodies and headers, as Chromium counts them) and the bytes of its body sent.
 */
export async function startNetworkLog(cdp: CDPSession): Promise<Map<string, RequestRecord>> {
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
  return records;
}

/** What a stretch of a page's load cost: requests, bytes, round trips, floor, waterfall. */
export interface LoadSummary {
  requests: number;
  receivedBytes: number;
  sentBytes: number;
  roundTrips: number;
  /** The labels of the critical path, in order. */
  chain: string[];
  floorMs: number;
  /** Every request of the stretch, in the order they started: ms from its start, bytes received. */
  waterfall: { label: string; startMs: number; endMs: number; received: number }[];
}

/**
 * The requests that started at or after `from` and finished by `until` (CDP clock, ms), with the
 * critical path that ends with `last` (by default the one that finished last) and the floor:
 * received / download rate + sent / upload rate + round trips × latency.
 */
export function summarize(
  records: Iterable<RequestRecord>,
  from: number,
  until: number,
  last?: (byEnd: RequestRecord[]) => RequestRecord | undefined,
): LoadSummary {
  const within = [...records].filter((record) => record.start >= from && record.end <= until);
  const receivedBytes = within.reduce((total, record) => total + record.received, 0);
  const sentBytes = within.reduce((total, record) => total + record.sent, 0);
  const byEnd = [...within].sort((a, b) => a.end - b.end);
  // Nothing waits for the favicon or a CORS preflight: neither ends a critical path.
  const end =
    last?.(byEnd) ??
    byEnd
      .filter(
        (record) => !record.label.startsWith("/favicon") && !record.label.startsWith("OPTIONS "),
      )
      .at(-1);
  const chain = end ? criticalPath(within, end) : [];
  return {
    requests: within.length,
    receivedBytes,
    sentBytes,
    roundTrips: chain.length,
    chain: chain.map((record) => record.label),
    floorMs:
      (receivedBytes / FAST_3G.downloadBytesPerSecond) * 1000 +
      (sentBytes / FAST_3G.uploadBytesPerSecond) * 1000 +
      chain.length * FAST_3G.latencyMs,
    waterfall: [...within]
      .sort((a, b) => a.start - b.start)
      .map((record) => ({
        label: record.label,
        startMs: Math.round(record.start - from),
        endMs: Math.round(record.end - from),
        received: record.received,
      })),
  };
}
