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
 * loaded. The preview speaks HTTP/2 with a throw-away certificate, as production does behind nginx,
 * or HTTP/1.1 with `--http1` (`Transport` in `browser.ts`).
 *
 * Floor: the bytes received at Fast 3G's download rate, plus the bytes sent at its upload rate,
 * plus one latency per round trip, where the round trips are the longest chain of requests each
 * started after the previous one finished (document, entry script, lazy chunks, handshake, open,
 * page...). Nothing can show the page sooner with these bytes and this sequence of requests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApiClient, DEFAULT_APP_CREDENTIALS, type SigningCredential } from "@paraphe/api-sdk";
import { bindingVerifier, makePdf } from "@paraphe/api/testing";
import {
  CHROMIUM_ARGS,
  freePort,
  loadChromium,
  previewUrl,
  startNetworkLog,
  startPreview,
  stop,
  summarize,
  waitForHttp,
  waitForMail,
  type BrowserType,
  type CDPSession,
  type LoadSummary,
  type Transport,
} from "./browser";
import { buildApp, ROOT } from "./bundle";
import { median } from "./stats";

export { FAST_3G } from "./browser";

export interface SigningPageOptions {
  runs: number;
  transport: Transport;
}

export interface SigningPageRun extends LoadSummary {
  visibleMs: number;
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

async function measureOnce(
  chromium: BrowserType,
  link: string,
  chromiumArgs: readonly string[],
): Promise<SigningPageRun> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, ...chromiumArgs],
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
    const records = await startNetworkLog(cdp);

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
    // The page image: the last page call finished before the page showed, or, when the open call
    // carried it (its answer's `firstPage`), the last request finished before then.
    const summary = summarize(
      records.values(),
      navigationStart,
      navigationStart + visibleMs,
      (byEnd) => byEnd.filter((record) => record.label.includes("download-signer-document")).at(-1),
    );
    return { visibleMs, ...summary };
  } finally {
    await browser.close();
  }
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
    const signUrl = previewUrl(options.transport, signPort);
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
    log(
      `signing-page: serving apps/sign over ${options.transport === "http2" ? "HTTP/2" : "HTTP/1.1"}`,
    );
    const served = await startPreview({
      app: "sign",
      outDir,
      port: signPort,
      transport: options.transport,
      work,
    });
    preview = served.child;
    await waitForHttp(`${apiUrl}/health`, api);

    log("signing-page: creating an envelope through the api SDK");
    const link = await createEnvelope(apiUrl);

    const runs: SigningPageRun[] = [];
    for (let run = 1; run <= options.runs; run++) {
      const result = await measureOnce(chromium, link, served.chromiumArgs);
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
