import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { createApiClient, DEFAULT_APP_CREDENTIALS, type SigningCredential } from "@paraphe/api-sdk";
import { createEvidenceVerifier, parseReferenceValues } from "@paraphe/attestation";
import { expect, type Page, type Request, type TestInfo } from "@playwright/test";

export const WEB_URL = "http://localhost:5173";
export const SIGN_URL = "http://localhost:5174";
export const API_URL = "http://localhost:3000";

const screensDir = resolve(import.meta.dirname, "../test-results/screens");

/** Keeps a full-page screenshot of what the test saw, as a test artifact. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  const path = resolve(screensDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

const MAIL_SINK_URL = "http://127.0.0.1:2526";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  language: string | null;
  date: string;
}

/** The mail the test SMTP server received for `to`, oldest first. */
export async function mailTo(to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${MAIL_SINK_URL}/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as ReceivedMail[];
}

/**
 * Waits for the `count`-th mail to `to` (1 = the first) and returns it: the test SMTP server
 * answers as soon as it has received it.
 */
export async function waitForMail(
  to: string,
  count = 1,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const query = new URLSearchParams({ to, count: String(count), waitMs: String(timeoutMs) });
  const response = await fetch(`${MAIL_SINK_URL}/messages?${query.toString()}`);
  const mail = (await response.json()) as ReceivedMail[];
  const wanted = mail[count - 1];
  if (wanted === undefined) throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms`);
  return wanted;
}

/** The 6-character sign-in code of a login mail (its alphabet has no look-alike characters). */
export function loginCodeOf(mail: ReceivedMail): string {
  const match = /\b([34679ACDEFGHJKMNPQRTUVWXY]{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no sign-in code in the mail "${mail.subject}"`);
  return match[1];
}

/** A fresh address for one test. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** What a new person gives when signing up: the address, the language, the team and their name. */
export interface SignUp {
  language?: "en" | "fr";
  firstname?: string;
  team?: string;
  email?: string;
}

/** The session credential the web app keeps in local storage (its `session` item's `user`). */
export interface SessionUser {
  accessKey: string;
  secretKey: string;
  email: string;
}

/** The values the api's build produced, as the apps pin them: never asked of the server. */
function referenceValues(): ReturnType<typeof parseReferenceValues> {
  const file = resolve(import.meta.dirname, "../../../apps/api/dist/reference-values.json");
  return parseReferenceValues(JSON.parse(readFileSync(file, "utf8")));
}

/**
 * Signs a new person up through the api, as the web app does it (the api SDK over the encrypted
 * tunnel, with the web app's credential): the code from the real mail, then a team. For the tests
 * whose subject is not the sign-up (identity.spec.ts and the accessibility of the login pages drive
 * it through the web app); answers the session the web app would store.
 */
export async function createAccountWithTeam(options: SignUp = {}): Promise<SessionUser> {
  const language = options.language ?? "en";
  const email = options.email ?? uniqueEmail(`member-${language}`);
  let credential: SigningCredential | null = null;
  const api = createApiClient({
    baseUrl: API_URL,
    verifyEvidence: createEvidenceVerifier({ referenceValues: referenceValues() }),
    appCredential: DEFAULT_APP_CREDENTIALS.web,
    credential: () => credential,
    language: () => language,
  });
  try {
    await api.authentication.requestCode({ email, language });
    const code = loginCodeOf(await waitForMail(email));
    const session = await api.authentication.verifyCode({ email, code });
    credential = session;
    await api.team.create({
      name: options.team ?? "Analytical Engines",
      firstname: options.firstname ?? "Ada",
      lastname: "Lovelace",
    });
    return { accessKey: session.accessKey, secretKey: session.secretKey, email: session.email };
  } finally {
    api.tunnel.destroy();
  }
}

/**
 * An api client signed in as `user` (the web app's credential, over the encrypted tunnel), for a
 * test's set-up of what its subject is not; the caller destroys its tunnel (`api.tunnel.destroy()`).
 */
export function apiClientAs(user: SessionUser): ReturnType<typeof createApiClient> {
  return createApiClient({
    baseUrl: API_URL,
    verifyEvidence: createEvidenceVerifier({ referenceValues: referenceValues() }),
    appCredential: DEFAULT_APP_CREDENTIALS.web,
    credential: () => user,
    language: () => "en",
  });
}

/**
 * Opens the web app's dashboard in `page` signed in as `user`, in `language`: the session and the
 * language are put in local storage as the web app leaves them after a sign-in, for the first
 * document only (a later logout stays a logout).
 */
export async function openSignedIn(
  page: Page,
  user: SessionUser,
  language: "en" | "fr" = "en",
): Promise<void> {
  const seeded = await page.addInitScript(
    ({ session, lng }) => {
      window.localStorage.setItem(
        "session",
        JSON.stringify({ user: session, lastEmailLoggedIn: session.email }),
      );
      window.localStorage.setItem("i18nextLng", lng);
    },
    { session: user, lng: language },
  );
  try {
    await page.goto("/");
  } finally {
    await seeded.dispose();
  }
  await page.waitForURL((url) => url.pathname === "/");
}

/**
 * A new person with a team (through the api: see {@link createAccountWithTeam}), signed in in
 * `page` on the dashboard, in `options.language`. Answers the person's email.
 */
export async function signUpWithTeam(page: Page, options: SignUp = {}): Promise<string> {
  const user = await createAccountWithTeam(options);
  await openSignedIn(page, user, options.language ?? "en");
  return user.email;
}

/**
 * Signs a new person up through the web app's pages (code from the real mail, no passkey, a team),
 * for the tests that prove something of those pages; the others use {@link signUpWithTeam}.
 */
export async function signUpThroughWebApp(page: Page, options: SignUp = {}): Promise<string> {
  const language = options.language ?? "en";
  const email = options.email ?? uniqueEmail(`member-${language}`);
  await page.goto(`/login?lng=${language}`);
  await page.getByRole("textbox").first().fill(email);
  await page.keyboard.press("Enter");
  const code = loginCodeOf(await waitForMail(email));
  await page.getByRole("textbox").first().fill(code);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/(register-passkey|onboarding\/team)$/);
  await page.goto("/onboarding/team");
  const fields = page.getByRole("textbox");
  await fields.nth(0).fill(options.team ?? "Analytical Engines");
  await fields.nth(1).fill(options.firstname ?? "Ada");
  await fields.nth(2).fill("Lovelace");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/");
  return email;
}

const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Counts the requests `page` has in flight from now on, for {@link networkSettled}: call it before
 * the page loads what is to be awaited.
 */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const requests = new Set<Request>();
  inFlight.set(page, requests);
  const done = (request: Request) => requests.delete(request);
  page.on("request", (request) => requests.add(request));
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  // A request of the document a navigation replaced never reports its end (the browser drops it
  // with its document): once the new document commits, only its own requests count.
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    for (const request of requests) {
      if (!request.isNavigationRequest()) requests.delete(request);
    }
  });
}

/** Resolves after two frames of the page (what a render started by an event has committed by). */
async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((settled) =>
        requestAnimationFrame(() => requestAnimationFrame(() => settled())),
      ),
  );
}

/**
 * Resolves once the page (tracked by {@link trackRequests}) has no request in flight, and still has
 * none two frames later: a response that renders may start the next request, a lazy chunk or a
 * query. Unlike the `networkidle` load state it waits for the requests themselves, not for half a
 * second of quiet, and it also waits for requests after the page's load (a click's).
 */
export async function networkSettled(page: Page): Promise<void> {
  const requests = inFlight.get(page);
  if (requests === undefined) throw new Error("networkSettled: call trackRequests(page) first");
  for (;;) {
    // A busy machine may take seconds to render a page preview: wait as long as a step may take.
    // On time out, the failure names the requests still in flight.
    await expect
      .poll(
        () => [...requests].map((request) => `${request.method()} ${redactedUrl(request.url())}`),
        { intervals: [20, 50, 100], timeout: 30_000, message: "requests still in flight" },
      )
      .toEqual([]);
    await twoFrames(page);
    if (requests.size === 0) return;
  }
}

/** A request's address without its fragment (an access link's secret) or query. */
function redactedUrl(url: string): string {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname}`;
}

/** The axe-core rule tags of WCAG 2.2 levels A and AA (spec: usable by everyone). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe-core with the WCAG 2.2 A and AA rules on what the page shows now; a serious or critical
 * violation fails the test, and the failure names the page, each rule and its target selectors.
 * Call it once the page (or the dialog) has settled: animations are awaited first, so that a
 * fading element is not measured half-transparent.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Measured as the user who asks for reduced motion sees it (both apps honour it): what is fading
  // in or out (a toast shown by the click that opened this step, a dialog's backdrop) is at its end
  // state at once, so that axe never measures it half-transparent, even one that starts after the
  // wait below. Motion is restored once measured.
  const reduced = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
  if (reduced) return checkAccessibility(page, label);
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await checkAccessibility(page, label);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

async function checkAccessibility(page: Page, label: string): Promise<void> {
  // Two frames first: a navigation that just changed the URL commits its page (and starts its
  // fade-in) within them, so the check below sees that animation rather than none yet.
  await twoFrames(page);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // Only violations are collected in full: axe then skips building the selectors of every passing
  // and inapplicable node (its documented performance option); violations keep all their nodes.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const blocking = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} ${violation.helpUrl}\n` +
        violation.nodes
          .map(
            (node) => `    ${node.target.map(String).join(" >> ")}: ${node.failureSummary ?? ""}`,
          )
          .join("\n"),
    );
  expect(blocking, `accessibility of "${label}" at ${page.url()}`).toEqual([]);
}
