import { expect, test as base, type Page } from "@playwright/test";
import { signingLinkOf } from "./envelope-flow";
import { readPhoneLayoutTeam, SIGNER_NAME, type PhoneLayoutTeam } from "./phone-layout-team";
import { keepScreenshot, networkSettled, SIGN_URL, trackRequests, waitForMail } from "./support";

// Every page of the web app and the signing app at a phone's 390 px, in English and in French: the
// page never scrolls sideways, nothing in it scrolls sideways but a navigation row, every
// navigation entry is on screen or in a row that scrolls to it, and the current one is in view.
// At 1280 px the settings navigation and the editor show every name whole.

const LANGUAGES = ["en", "fr"] as const;

type Team = PhoneLayoutTeam;

// The team made once for the run by the setup project (phone-layout.setup.ts).
const test = base.extend<object, { team: Team }>({
  team: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      await use(readPhoneLayoutTeam());
    },
    { scope: "worker" },
  ],
});

/** The pages of the web app a signed-in owner can open. */
function webPages(team: Team): string[] {
  const ws = team.workspaceUuid;
  return [
    "/",
    "/inbox",
    "/envelopes",
    "/envelopes/draft",
    `/envelopes/${ws}/all`,
    "/envelopes/import",
    "/envelopes/import-google-drive",
    team.viewUrl,
    team.editUrl,
    "/templates",
    `/templates/${ws}/all`,
    "/contacts",
    `/contacts/${ws}`,
    "/contacts/new",
    "/contacts/import",
    team.contactUrl,
    "/settings/profile",
    "/settings/sessions",
    "/settings/passkeys",
    "/settings/security",
    "/settings/support",
    "/settings/members",
    "/settings/members/pending",
    "/settings/members/import",
    "/settings/roles",
    "/settings/workspaces",
    `/settings/workspaces/${ws}/members`,
    "/settings/tags",
    "/settings/sso",
    "/settings/sso-tutorial",
    "/settings/api-keys",
    "/settings/webhooks",
    "/settings/subscription",
    "/settings/usage",
    "/settings/branding",
    "/settings/messages",
    "/settings/mail-sender",
    "/settings/embedding",
    "/settings/retention",
  ];
}

/**
 * What is wrong with the layout of the page as shown now: sideways scrolling of the page or (with
 * `regions`, for phones; a wide table may scroll in its frame on a desktop) of a region of it (a
 * navigation row may scroll), a navigation entry off screen and out of any row that
 * scrolls to it, a current entry out of view or not marked apart from the others, an entry cut.
 */
async function layoutProblems(page: Page, { regions = true } = {}): Promise<string[]> {
  return page.evaluate((checkRegions) => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`;
    const scrollsSideways = (element: Element) => {
      const { overflowX } = getComputedStyle(element);
      return (
        (overflowX === "auto" || overflowX === "scroll") &&
        element.clientWidth > 0 &&
        element.scrollWidth > element.clientWidth + 1
      );
    };
    if (document.documentElement.scrollWidth > viewport + 1) {
      problems.push(
        `the page scrolls sideways (${document.documentElement.scrollWidth} > ${viewport} px)`,
      );
    }
    for (const element of checkRegions ? Array.from(document.querySelectorAll("main *")) : []) {
      if (element.closest("nav") || !scrollsSideways(element)) continue;
      problems.push(`a region scrolls sideways: ${describe(element)}`);
    }
    for (const nav of Array.from(document.querySelectorAll("nav"))) {
      const links = Array.from(nav.querySelectorAll("a[href]")).filter((link) => {
        const rect = link.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && getComputedStyle(link).visibility !== "hidden";
      });
      const name = (link: Element) =>
        `"${link.textContent?.trim() ?? ""}" in ${nav.getAttribute("aria-label") ?? "a navigation"}`;
      for (const link of links) {
        const rect = link.getBoundingClientRect();
        let scroller: Element | null = link.parentElement;
        while (scroller && scroller !== nav.parentElement && !scrollsSideways(scroller)) {
          scroller = scroller.parentElement;
        }
        if (scroller === nav.parentElement) scroller = null;
        const box = scroller?.getBoundingClientRect();
        const left = Math.max(0, box?.left ?? 0);
        const right = Math.min(viewport, box?.right ?? viewport);
        const onScreen = rect.left >= -1 && rect.right <= viewport + 1;
        if (!onScreen && !scroller) problems.push(`${name(link)} is off screen`);
        if (box && (box.left < -1 || box.right > viewport + 1)) {
          problems.push(`the row of ${name(link)} is off screen`);
        }
        if (link.scrollWidth > link.clientWidth + 1) problems.push(`${name(link)} is cut`);
        if (link.getAttribute("aria-current") === "page") {
          if (rect.left < left - 1 || rect.right > right + 1) {
            problems.push(`the current entry ${name(link)} is out of view`);
          }
          const other = links.find((candidate) => !candidate.hasAttribute("aria-current"));
          if (other) {
            const a = getComputedStyle(link);
            const b = getComputedStyle(other);
            if (
              a.backgroundColor === b.backgroundColor &&
              a.color === b.color &&
              a.fontWeight === b.fontWeight
            ) {
              problems.push(`the current entry ${name(link)} looks like the others`);
            }
          }
        }
      }
    }
    return problems;
  }, regions);
}

/**
 * The field tools of the editor's palette that are shown and cut their name or are less than
 * 44 px tall; `shown` counts the tools on screen.
 */
async function paletteProblems(page: Page): Promise<{ shown: number; problems: string[] }> {
  return page.evaluate(() => {
    const tools = Array.from(document.querySelectorAll("[data-field-tool]")).filter((tool) => {
      const rect = tool.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    });
    const problems: string[] = [];
    for (const tool of tools) {
      const name = tool.textContent?.trim() ?? "";
      const rect = tool.getBoundingClientRect();
      if (rect.height < 44) problems.push(`"${name}" is ${rect.height} px tall`);
      for (const part of [tool, ...Array.from(tool.querySelectorAll("span"))]) {
        if (part.scrollWidth > part.clientWidth + 1) problems.push(`"${name}" is cut`);
      }
    }
    return { shown: tools.length, problems };
  });
}

/**
 * Waits until the page shows its main content and has no request in flight, again two frames
 * later (the page's requests counted since it opened: {@link trackRequests}).
 */
async function settle(page: Page): Promise<void> {
  await expect(page.locator("main").first()).toBeVisible();
  await networkSettled(page);
}

for (const language of LANGUAGES) {
  test(`every page of the web app fits a 390 px phone, its navigation entries reachable and the current one in view (${language})`, async ({
    browser,
    team,
  }, testInfo) => {
    // About forty pages, each loaded and measured: over a minute alone, and the browser suite runs
    // beside the api suite.
    test.setTimeout(300_000);
    const context = await browser.newContext({
      baseURL: "http://localhost:5173",
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      storageState: team.storageState,
    });
    const page = await context.newPage();
    trackRequests(page);
    const avatarRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/public/avatars/")) avatarRequests.push(request.url());
    });
    // A passkey of the owner's, so that the passkeys page shows its list: cards on a phone.
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(`/settings/passkeys?lng=${language}`);
    await page
      .getByRole("button", {
        name: language === "en" ? "Add a passkey" : "Ajouter une clé d’accès",
      })
      .first()
      .click();
    const passkeys = page.getByRole("list", {
      name: language === "en" ? "Your passkeys" : "Vos clés d’accès",
    });
    await expect(passkeys.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await keepScreenshot(page, testInfo, `phone-passkeys-${language}`);
    const problems: string[] = [];
    for (const path of webPages(team)) {
      const url = new URL(path, "http://localhost:5173");
      url.searchParams.set("lng", language);
      await page.goto(url.toString());
      await settle(page);
      for (const problem of await layoutProblems(page)) problems.push(`${path}: ${problem}`);
    }
    // The lists show as cards on a phone: the envelope list is one of them.
    await page.goto(`/envelopes?lng=${language}`);
    await settle(page);
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(
      page
        .getByRole("list")
        .getByRole("link", { name: /agreement/i })
        .first(),
    ).toBeVisible();
    await keepScreenshot(page, testInfo, `phone-envelopes-${language}`);
    // The usage page's screenshots at 390 px are the accessibility visit's (usage-390-*).
    await page.goto(`/settings/members/pending?lng=${language}`);
    await settle(page);
    await keepScreenshot(page, testInfo, `phone-pending-${language}`);
    await page.goto(`${team.editUrl}?lng=${language}`);
    await settle(page);
    // Every field tool shown says its whole name, as a touch target.
    for (const problem of (await paletteProblems(page)).problems) {
      problems.push(`the editor's palette: ${problem}`);
    }
    await keepScreenshot(page, testInfo, `phone-editor-${language}`);
    await context.close();
    expect(problems).toEqual([]);
    // The owner has no picture: the app does not ask for one.
    expect(avatarRequests).toEqual([]);
  });

  test(`the signing app's pages fit a 390 px phone (${language})`, async ({ browser, team }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    trackRequests(page);
    const link = signingLinkOf(await waitForMail(team.signerEmail, 1, 30_000));
    const pages = [
      link.replace("#", `?lng=${language}#`),
      `${SIGN_URL}/sign/00000000-0000-4000-8000-000000000000?lng=${language}#${"x".repeat(43)}`,
      `${SIGN_URL}/no/such/page?lng=${language}`,
    ];
    const problems: string[] = [];
    for (const url of pages) {
      await page.goto(url);
      await settle(page);
      for (const problem of await layoutProblems(page)) {
        problems.push(`${new URL(url).pathname}: ${problem}`);
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  });
}

test("at 1280 px the French settings navigation shows every entry whole, and the editor every name", async ({
  browser,
  team,
}, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    baseURL: "http://localhost:5173",
    viewport: { width: 1280, height: 900 },
    storageState: team.storageState,
  });
  const page = await context.newPage();
  trackRequests(page);
  await page.goto("/settings/usage?lng=fr");
  await settle(page);
  const nav = page.getByRole("navigation", { name: "Sections des paramètres" });
  for (const entry of ["Sécurité", "Assistance", "Webhooks", "Abonnement", "Consommation"]) {
    await expect(nav.getByRole("link", { name: entry })).toBeInViewport({ ratio: 1 });
  }
  await expect(nav.getByRole("link", { name: "Consommation" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await layoutProblems(page, { regions: false })).toEqual([]);
  // Its screenshot at 1280 px is the accessibility visit's (usage-1280-fr).

  await page.goto(`${team.editUrl}?lng=fr`);
  await settle(page);
  await expect(page.getByText(SIGNER_NAME).first()).toBeVisible();
  const cut = await page.evaluate((name) => {
    const texts = Array.from(document.querySelectorAll("h1 span, h1, li span")).filter(
      (element) =>
        element.children.length === 0 &&
        (element.textContent === name || element.closest("h1") !== null),
    );
    return texts
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent);
  }, SIGNER_NAME);
  expect(cut).toEqual([]);
  await keepScreenshot(page, testInfo, "desktop-editor-fr");
  // The field tools say their whole names ("Date de signature"), in both languages.
  for (const language of ["fr", "en"] as const) {
    if (language === "en") {
      await page.goto(`${team.editUrl}?lng=en`);
      await settle(page);
    }
    const palette = await paletteProblems(page);
    expect(palette.shown).toBeGreaterThan(0);
    expect(palette.problems).toEqual([]);
  }
  for (const language of ["en", "fr"] as const) {
    for (const path of ["/envelopes", "/settings/members/pending", "/settings/sessions"]) {
      await page.goto(`${path}?lng=${language}`);
      await settle(page);
      expect(await layoutProblems(page, { regions: false })).toEqual([]);
      await keepScreenshot(page, testInfo, `desktop${path.replaceAll("/", "-")}-${language}`);
    }
  }
  await context.close();
});
