/**
 * The team web app under Chromium's "Fast 3G" emulation, cache disabled: how long until the login
 * page is usable (its email field focused), then, after the code is entered, how long until the
 * dashboard shows its figures, each with its waterfall, round trips, bytes and floor.
 *
 * The real stack, each part in a child process: the built api (`apps/api/dist/server.js`, a fresh
 * data folder, mail into the development mailbox) and `vite preview` of the web app built for that
 * api, over HTTP/2 with a throw-away certificate as production serves it behind nginx (or HTTP/1.1
 * with `--http1`; see `Transport` in `browser.ts`). One member with a team per run is made through the api SDK (so that signing in leads to the
 * dashboard). Each run opens /login in a fresh context at phone size, types the member's email,
 * reads the code from the development mailbox, types it and presses Enter; the passkey offer that
 * follows a code login is skipped as soon as it shows, as a member without a passkey does.
 *
 * Clocks: the page's (`performance.now()`, 0 at navigation start) for the times; the requests are
 * placed on it by taking the document's request as its 0 (as `signing-page` does).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApiClient, DEFAULT_APP_CREDENTIALS, type SigningCredential } from "@paraphe/api-sdk";
import { bindingVerifier } from "@paraphe/api/testing";
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
  type BrowserType,
  type LoadSummary,
  type MailboxMessage,
  type Transport,
} from "./browser";
import { buildApp, ROOT } from "./bundle";
import { median } from "./stats";

export interface TeamAppOptions {
  runs: number;
  transport: Transport;
}

export interface TeamAppRun {
  /** From navigation start until the email field of /login has the focus. */
  loginUsableMs: number;
  login: LoadSummary;
  /** From the code's Enter until the passkey offer shows (its Skip button). */
  passkeyOfferMs: number;
  /** From the code's Enter until the dashboard shows its counts and recent requests. */
  dashboardMs: number;
  /** The requests started after the code's Enter and finished before the dashboard showed. */
  dashboard: LoadSummary;
}

/**
 * How much before the code's Enter (page clock) the dashboard's stretch takes requests from (see
 * where it is summarized); a request of the pages' prefetch started in that moment counts with it.
 */
const STRETCH_MARGIN_MS = 50;

const CODE = /\b([34679ACDEFGHJKMNPQRTUVWXY]{6})\b/;

/** The development mailbox's messages to `to`, newest first (as the mailbox lists them). */
async function mailTo(apiUrl: string, to: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${apiUrl}/dev/mailbox.json`);
  const messages = (await response.json()) as MailboxMessage[];
  return messages.filter((message) => message.to.includes(to));
}

/** The code of the newest mail to `to` once there are more than the `seen` ones. */
async function nextCode(apiUrl: string, to: string, seen: number): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const messages = await mailTo(apiUrl, to);
    const fresh = messages.slice(0, messages.length - seen);
    for (const message of fresh) {
      const match = CODE.exec(message.text);
      if (match?.[1]) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`no new sign-in code mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A member with a team, made through the api SDK (its sign-in code read from the mailbox). */
async function createMember(apiUrl: string, email: string): Promise<void> {
  let credential: SigningCredential | null = null;
  const api = createApiClient({
    baseUrl: apiUrl,
    verifyEvidence: bindingVerifier(),
    appCredential: DEFAULT_APP_CREDENTIALS.web,
    credential: () => credential,
  });
  await api.authentication.requestCode({ email, language: "en" });
  const code = await nextCode(apiUrl, email, 0);
  credential = await api.authentication.verifyCode({ email, code });
  await api.team.create({ name: "Bench team", firstname: "Ada", lastname: "Member" });
  await api.authentication.terminateSessions({ filter: { accessKeys: [credential.accessKey] } });
}

/** The dashboard with its figures: the three counts and the recent requests, no skeleton left. */
const DASHBOARD_READY = `(() => {
  const main = document.querySelector("main");
  const ready =
    location.pathname === "/" &&
    main !== null &&
    main.querySelectorAll("section ul li .text-2xl").length >= 3 &&
    main.querySelector("#recent-requests") !== null &&
    main.querySelector(".animate-pulse") === null;
  return ready ? performance.now() : false;
})()`;

async function measureOnce(
  chromium: BrowserType,
  webUrl: string,
  apiUrl: string,
  email: string,
  chromiumArgs: readonly string[],
): Promise<TeamAppRun> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, ...chromiumArgs],
  });
  try {
    // Playwright's polling predicate needs 'unsafe-eval', which the app's policy forbids: the
    // context bypasses the policy, which changes what the page may run, not what it downloads.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const records = await startNetworkLog(await context.newCDPSession(page));
    const poll = async (expression: string): Promise<number> => {
      try {
        const handle = await page.waitForFunction(expression, undefined, {
          timeout: 120_000,
          polling: "raf",
        });
        return (await handle.jsonValue()) as number;
      } catch (error) {
        // Where the page was, and what it said, when the wait ran out.
        const where = (await page
          .evaluate(`location.pathname + ": " + document.body.innerText.slice(0, 300)`)
          .catch(() => "(the page did not answer)")) as string;
        throw new Error(`team-app: the page never reached the awaited state (${where})`, {
          cause: error,
        });
      }
    };

    await page.goto(`${webUrl}/login?lng=en`, { waitUntil: "commit" });
    const loginUsableMs = await poll(`(() => {
      const field = document.activeElement;
      return field instanceof HTMLInputElement && field.type === "email" ? performance.now() : false;
    })()`);
    const navigationStart = Math.min(...[...records.values()].map((record) => record.start));
    const login = summarize(records.values(), navigationStart, navigationStart + loginUsableMs);

    const seen = (await mailTo(apiUrl, email)).length;
    await page.fill('input[type="email"]', email);
    await page.keyboard.press("Enter");
    const code = await nextCode(apiUrl, email, seen);
    await poll(
      `document.activeElement?.getAttribute("autocomplete") === "one-time-code" ? performance.now() : false`,
    );
    await page.fill('input[autocomplete="one-time-code"]', code);
    const submittedMs = (await page.evaluate("performance.now()")) as number;
    await page.keyboard.press("Enter");
    // The passkey offer's way on: "Skip for now", or "Continue" where passkeys are unsupported.
    const offerMs = await poll(`(() => {
      const onward = [...document.querySelectorAll("button")].find((button) =>
        ["Skip for now", "Continue"].includes(button.textContent?.trim() ?? ""),
      );
      return location.pathname === "/register-passkey" && onward ? performance.now() : false;
    })()`);
    await page.evaluate(`[...document.querySelectorAll("button")]
      .find((button) => ["Skip for now", "Continue"].includes(button.textContent?.trim() ?? ""))
      ?.click()`);
    const dashboardReadyMs = await poll(DASHBOARD_READY);
    const dashboard = summarize(
      records.values(),
      // The page's clock is placed on the requests' by the document's request, which starts a few
      // ms after the navigation: without a margin, a code check sent at once after the Enter could
      // fall before the stretch (seen once, the chain then missing its first round trip).
      navigationStart + submittedMs - STRETCH_MARGIN_MS,
      navigationStart + dashboardReadyMs,
    );
    return {
      loginUsableMs,
      login,
      passkeyOfferMs: offerMs - submittedMs,
      dashboardMs: dashboardReadyMs - submittedMs,
      dashboard,
    };
  } finally {
    await browser.close();
  }
}

export async function runTeamAppBenchmark(
  options: TeamAppOptions,
  log: (line: string) => void,
): Promise<TeamAppRun[]> {
  const server = path.join(ROOT, "apps/api/dist/server.js");
  if (!existsSync(server)) {
    throw new Error("apps/api/dist/server.js is missing: run `pnpm --filter @paraphe/api build`");
  }
  const chromium = await loadChromium();
  const work = await mkdtemp(path.join(tmpdir(), "paraphe-bench-team-app-"));
  let api: ChildProcess | undefined;
  let preview: ChildProcess | undefined;
  try {
    const apiPort = await freePort();
    const webPort = await freePort();
    const signPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const webUrl = previewUrl(options.transport, webPort);
    const outDir = path.join(work, "web-dist");

    log(`team-app: building apps/web for ${apiUrl}`);
    buildApp("web", {
      outDir,
      env: { VITE_API_URL: apiUrl, VITE_SIGN_URL: `http://127.0.0.1:${signPort}` },
    });

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: path.join(work, "data"),
      API_PORT: String(apiPort),
      PUBLIC_API_URL: apiUrl,
      SIGN_URL: `http://127.0.0.1:${signPort}`,
      WEB_URL: webUrl,
      LOG_LEVEL: "warn",
      // The sign-in codes are read from the development mailbox.
      DEV_MAILBOX: "1",
    };
    delete env.SMTP_URL;
    api = spawn(process.execPath, [server], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
    });
    log(`team-app: serving apps/web over ${options.transport === "http2" ? "HTTP/2" : "HTTP/1.1"}`);
    const served = await startPreview({
      app: "web",
      outDir,
      port: webPort,
      transport: options.transport,
      work,
    });
    preview = served.child;
    await waitForHttp(`${apiUrl}/health`, api);

    const members = Array.from(
      { length: options.runs },
      (_, index) => `member-${index + 1}@bench.example.com`,
    );
    log(`team-app: creating ${members.length} member(s) with a team through the api SDK`);
    for (const email of members) await createMember(apiUrl, email);

    const runs: TeamAppRun[] = [];
    for (const [index, email] of members.entries()) {
      const result = await measureOnce(chromium, webUrl, apiUrl, email, served.chromiumArgs);
      log(
        `team-app: run ${index + 1}/${members.length}: login usable ${(result.loginUsableMs / 1000).toFixed(2)} s, ` +
          `dashboard ${(result.dashboardMs / 1000).toFixed(2)} s after the code`,
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

/** The run whose `time` is the median one. */
export function medianTeamAppRun(
  runs: readonly TeamAppRun[],
  time: (run: TeamAppRun) => number,
): TeamAppRun {
  const middle = median(runs.map(time));
  return [...runs].sort((a, b) => Math.abs(time(a) - middle) - Math.abs(time(b) - middle))[0]!;
}
