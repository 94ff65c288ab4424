import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test, type BrowserContext } from "@playwright/test";
import { openAsRecipient, prepareAndSend, readEveryPage, SIGNING, swipe } from "./envelope-flow";
import {
  API_URL,
  SIGN_URL,
  WEB_URL,
  keepScreenshot,
  signUpThroughWebApp,
  uniqueEmail,
} from "./support";

const root = resolve(import.meta.dirname, "../../..");

const APPS = [
  {
    name: "web",
    url: WEB_URL,
    dist: resolve(root, "apps/web/dist"),
    referrerPolicy: "strict-origin-when-cross-origin",
    // A path only the single-page app knows: answered with index.html.
    deepPath: "/envelopes",
  },
  {
    name: "sign",
    url: SIGN_URL,
    dist: resolve(root, "apps/sign/dist"),
    referrerPolicy: "no-referrer",
    deepPath: "/sign/00000000-0000-4000-8000-000000000000",
  },
] as const;

/** A Content-Security-Policy as a map from directive name to its sources. */
function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The headers the build wrote for a static host (`dist/_headers`, Netlify / Cloudflare Pages format). */
function staticHostHeaders(dist: string): Map<string, string> {
  const lines = readFileSync(resolve(dist, "_headers"), "utf8").split("\n");
  expect(lines).toContain("/*");
  const headers = new Map<string, string>();
  for (const line of lines) {
    const match = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line);
    if (match) headers.set(match[1]!.toLowerCase(), match[2]!);
  }
  return headers;
}

const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const CSP_MESSAGE = /Content.Security.Policy|Trusted.?Type|TrustedHTML|TrustedScript|Refused to/i;

/**
 * Collects every CSP violation of the context's pages into `sink`: the `securitypolicyviolation`
 * events (through an init script, on every page load) and the console messages and uncaught errors
 * that speak of the policy or of Trusted Types.
 */
async function collectViolations(context: BrowserContext, sink: string[]): Promise<void> {
  await context.exposeBinding("__parapheReportViolation", (_source, text: string) => {
    sink.push(text);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __parapheReportViolation: (text: string) => unknown })
      .__parapheReportViolation;
    document.addEventListener("securitypolicyviolation", (event) => {
      void report(
        `${location.origin}: ${event.effectiveDirective} refused ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  context.on("console", (message) => {
    if (CSP_MESSAGE.test(message.text())) sink.push(`console ${message.type()}: ${message.text()}`);
  });
  context.on("weberror", (error) => {
    if (CSP_MESSAGE.test(String(error.error()))) sink.push(`error: ${String(error.error())}`);
  });
}

for (const app of APPS) {
  test(`${app.name}: the page, the app's routes and its assets carry the build's strict policy and security headers`, async ({
    request,
  }) => {
    const expected = staticHostHeaders(app.dist);
    const policy = expected.get("content-security-policy") ?? "";
    const directives = directivesOf(policy);
    expect(directives.get("default-src")).toEqual(["'none'"]);
    expect(directives.get("script-src")).toEqual(["'self'"]);
    expect(directives.get("connect-src")).toEqual(["'self'", API_URL]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'self'"]);
    expect(directives.get("form-action")).toEqual(["'self'"]);
    expect(directives.get("require-trusted-types-for")).toEqual(["'script'"]);
    expect(directives.get("trusted-types")).toEqual(["'none'"]);
    expect(policy).not.toContain("'unsafe-eval'");

    const page = await request.get(`${app.url}/`);
    expect(page.ok()).toBe(true);
    const html = await page.text();
    // No inline script: every script element loads a file.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc="\/assets\/[^"]+\.js"/);
      expect(body!.trim()).toBe("");
    }
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(assets.length).toBeGreaterThan(1);

    for (const path of ["/", app.deepPath, ...assets]) {
      const response = await request.get(`${app.url}${path}`);
      expect(response.ok(), path).toBe(true);
      const headers = response.headers();
      expect(headers["content-security-policy"], path).toBe(policy);
      expect(headers["referrer-policy"], path).toBe(app.referrerPolicy);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      for (const [name, value] of expected) expect(headers[name], `${path} ${name}`).toBe(value);
    }
  });

  test(`${app.name}: injected inline script, an inline handler and HTML strings are refused, and reported`, async ({
    page,
  }) => {
    const violations: string[] = [];
    await collectViolations(page.context(), violations);
    // Markup an attacker managed to get into the page, served with the app's real headers.
    await page.route(
      (url) => url.pathname === app.deepPath,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          "</body>",
          `<script>window.__injected = "inline script"</script><img src="/favicon.svg" onload="window.__injected = 'inline handler'"></body>`,
        );
        await route.fulfill({ response, body });
      },
    );
    await page.goto(`${app.url}${app.deepPath}?lng=en`);
    await expect(page.locator("#root > *").first()).toBeVisible();

    const outcome = await page.evaluate(() => {
      let html = "accepted";
      try {
        document.createElement("div").innerHTML = "<b>bold</b>";
      } catch {
        html = "refused";
      }
      return { injected: (window as unknown as { __injected?: string }).__injected, html };
    });
    expect(outcome).toEqual({ injected: undefined, html: "refused" });
    await expect.poll(() => violations.join("\n")).toMatch(/script-src-elem refused inline/);
    await expect.poll(() => violations.join("\n")).toMatch(/script-src-attr refused inline/);
    await expect.poll(() => violations.join("\n")).toMatch(/require-trusted-types-for/);
  });
}

test("the main flow (sign-in, upload, editor, send, signing, download) reports no CSP violation in either app", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const webViolations: string[] = [];
  const signViolations: string[] = [];
  await collectViolations(page.context(), webViolations);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Through the login and onboarding pages: their loads are part of the flow the policy covers.
  await signUpThroughWebApp(page);
  // A profile picture: previewed as a data URL, then shown from the api's public path.
  await page.goto("/settings/profile");
  await page.locator('input[type="file"]').setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: Buffer.from(ONE_PIXEL_PNG, "base64"),
  });
  await page.getByRole("button", { name: "Save the picture" }).click();
  await expect(page.getByText("Your picture has been updated.")).toBeVisible();
  const avatar = page.getByRole("button", { name: "Account menu" }).locator("img");
  await expect(avatar).toHaveAttribute("src", new RegExp(`^${API_URL}/public/avatars/`));
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1);
  // The avatar menu: a radix menu, whose scroll lock writes a style element.
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();

  const signer = { email: uniqueEmail("csp-signer"), firstname: "Grace", lastname: "Hopper" };
  const viewUrl = await prepareAndSend(page, [signer], { sequential: false });

  const t = SIGNING.en;
  const signing = await openAsRecipient(browser, signer.email, 1, undefined, (context) =>
    collectViolations(context, signViolations),
  );
  await readEveryPage(signing);
  await signing.getByRole("button", { name: t.sign, exact: true }).click();
  // Typing the name draws it in a shipped handwriting font: fonts come from the app's origin.
  await signing.getByRole("tab", { name: t.type }).click();
  await signing.getByRole("textbox", { name: t.typedName }).fill("Grace Hopper");
  await keepScreenshot(signing, testInfo, "csp-signer-types");
  await swipe(signing);
  await signing.waitForURL(/\/confirmation/);

  await page.goto(viewUrl);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("button", { name: t.downloadSealed })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 90_000 });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: t.downloadSealed }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await keepScreenshot(page, testInfo, "csp-envelope-complete");

  expect(webViolations, "CSP violations in the web app").toEqual([]);
  expect(signViolations, "CSP violations in the signing app").toEqual([]);
});
