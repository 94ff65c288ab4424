import { expect, test as base, type Browser, type Page, type TestInfo } from "@playwright/test";
import {
  EDITOR,
  openAsRecipient,
  readEveryPage,
  SIGNING,
  signingLinkOf,
  swipe,
} from "./envelope-flow";
import { APPROVING, sendWithApprovers } from "./approver-flow";
import { readAccessibilityTeam, type AccessibilityTeam } from "./accessibility-team";
import {
  expectAccessible,
  keepScreenshot,
  loginCodeOf,
  networkSettled,
  SIGN_URL,
  trackRequests,
  uniqueEmail,
  waitForMail,
} from "./support";

// Every page of both apps, in English and in French, at a phone width and a desktop width, checked
// with axe-core against the WCAG 2.2 A and AA rules (see `expectAccessible`).

const LANGUAGES = ["en", "fr"] as const;
const WIDTHS = [390, 1280] as const;
type Language = (typeof LANGUAGES)[number];

/** The words the visits wait for, in each language. */
const TEXT = {
  en: {
    code: "Verification code",
    notFound: "Page not found",
    teamName: "Team name",
    securityOpen: "Show the verification details",
    newRole: "New role",
    invalidLink: "Invalid or expired access link",
    typedName: "Full name",
    inviteMember: "Invite a member",
    inviteFetchError: "The invitation could not be loaded.",
    newTemplate: "New template",
    createApiKey: "Create an API key",
    apiKeyDescription: "Description",
    apiKeySubmit: "Create the key",
    apiKeySaved: "I have saved the secret key",
    webhookAdd: "Add an endpoint",
    webhookUrl: "Endpoint URL",
    webhookEvent: "Template used",
    webhookCreate: "Add the endpoint",
    webhookSecretDone: "I have copied it",
    webhookDeliveries: "Show deliveries",
  },
  fr: {
    code: "Code de vérification",
    notFound: "Page introuvable",
    teamName: "Nom de l’équipe",
    securityOpen: "Afficher les détails de la vérification",
    newRole: "Nouveau rôle",
    invalidLink: "Lien d’accès invalide ou expiré",
    typedName: "Nom complet",
    inviteMember: "Inviter un membre",
    inviteFetchError: "L’invitation n’a pas pu être chargée.",
    newTemplate: "Nouveau modèle",
    createApiKey: "Créer une clé d’API",
    apiKeyDescription: "Description",
    apiKeySubmit: "Créer la clé",
    apiKeySaved: "J’ai enregistré la clé secrète",
    webhookAdd: "Ajouter une adresse",
    webhookUrl: "URL de l’adresse",
    webhookEvent: "Modèle utilisé",
    webhookCreate: "Ajouter l’adresse",
    webhookSecretDone: "Je l’ai copié",
    webhookDeliveries: "Afficher les envois",
  },
} as const;

type Team = AccessibilityTeam;

// The team signed up once for the run by the setup project (accessibility.setup.ts).
const test = base.extend<object, { team: Team }>({
  team: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      await use(readAccessibilityTeam());
    },
    { scope: "worker" },
  ],
});

/**
 * Waits until the page shows its main content and has no request in flight, again two frames
 * later (a response that renders may start the next request).
 */
async function settle(page: Page): Promise<void> {
  // A fresh context restores its session first ("Loading your session…"): slow on a busy machine.
  await expect(page.getByRole("main")).toBeVisible({ timeout: 15_000 });
  await networkSettled(page);
}

interface CheckOptions {
  /** The name of the screenshots kept at each width (`{screenshot}-{width}-{language}.png`). */
  screenshot?: string;
  /** Runs at each width before axe: what the page must show there. */
  before?: () => Promise<void>;
}

/**
 * `check(label)` runs axe on what `page` shows now at both widths: first at the page's width, then,
 * resized, at the other (the page lays itself out again as a load at that width would, and
 * `before` runs again at each width before axe). With `screenshot`, each width is also kept as a
 * screenshot, to look at at both widths in both languages. A page loaded next keeps the last
 * width, so that the pages load at both widths in turn.
 */
function checkerOf(page: Page, language: Language, testInfo: TestInfo) {
  const check = async (label: string, { screenshot, before }: CheckOptions = {}): Promise<void> => {
    const first = page.viewportSize()?.width ?? WIDTHS[0];
    for (const width of [first, ...WIDTHS.filter((other) => other !== first)]) {
      if (width !== page.viewportSize()?.width) {
        await page.setViewportSize({ width, height: 900 });
        await networkSettled(page);
      }
      await before?.();
      await expectAccessible(page, `${label} (${language}, ${width} px)`);
      if (screenshot) await keepScreenshot(page, testInfo, `${screenshot}-${width}-${language}`);
    }
  };
  return check;
}

/**
 * A page signed in as the run's team, `check` (see {@link checkerOf}), and `visit`, which opens a
 * path in `language` and checks it.
 */
async function openSignedIn(browser: Browser, team: Team, language: Language, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: "http://localhost:5173",
    viewport: { width: WIDTHS[0], height: 900 },
    storageState: team.storageState,
  });
  const page = await context.newPage();
  trackRequests(page);
  const check = checkerOf(page, language, testInfo);
  const visit = async (path: string, label: string, options: CheckOptions = {}) => {
    const url = new URL(path, "http://localhost:5173");
    url.searchParams.set("lng", language);
    await page.goto(url.toString());
    await settle(page);
    await check(label, options);
  };
  return { page, visit, check, close: () => context.close() };
}

for (const language of LANGUAGES) {
  const t = TEXT[language];
  const at = `${language}; 390 and 1280 px`;
  // Each test checks its pages at both widths: twice the time a test took for one width.

  test(`the web app's public pages have no serious accessibility violation (${at})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    trackRequests(page);
    const check = checkerOf(page, language, testInfo);
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(`/login?lng=${language}`);
    await settle(page);
    await check("login");

    // Through the login pages: they are what this test checks.
    const email = uniqueEmail(`axe-${language}`);
    await page.getByRole("textbox").first().fill(email);
    await page.keyboard.press("Enter");
    await expect(page.getByLabel(t.code)).toBeVisible();
    await check("login code step");

    await page.getByLabel(t.code).fill(loginCodeOf(await waitForMail(email)));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/(register-passkey|onboarding\/team)$/);
    if (page.url().endsWith("/register-passkey")) {
      await settle(page);
      await check("passkey offer");
    }
    await page.goto("/onboarding/team");
    await expect(page.getByLabel(t.teamName)).toBeVisible();
    await check("team onboarding");

    await page.goto(`/no/such/page?lng=${language}`);
    await expect(page.getByRole("heading", { name: t.notFound })).toBeVisible();
    await check("web not found");

    // An invitation link whose invitation is gone (the page with a live one: team-members.spec.ts).
    await page.goto(`/accept-team-invite?lng=${language}#token=${"x".repeat(43)}`);
    await expect(page.getByText(t.inviteFetchError)).toBeVisible();
    await check("accept team invitation");
  });

  test(`the web app's document pages have no serious accessibility violation (${at})`, async ({
    browser,
    team,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { page, visit, check, close } = await openSignedIn(browser, team, language, testInfo);
    await visit("/", "dashboard");
    await visit("/envelopes", "envelopes list");
    await page.getByRole("button", { name: EDITOR[language].upload }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("upload dialog");
    await page.keyboard.press("Escape");

    await visit(team.editUrl, "envelope editor");
    await visit(team.viewUrl, "envelope view");
    await visit("/inbox", "inbox");
    await close();
  });

  test(`the web app's template pages have no serious accessibility violation (${at})`, async ({
    browser,
    team,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { page, visit, check, close } = await openSignedIn(browser, team, language, testInfo);
    // Each page is also kept as a screenshot, to look at at both widths in both languages.
    await visit("/templates", "templates list", { screenshot: "templates" });
    await page.getByRole("button", { name: t.newTemplate }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("new template dialog");
    await page.keyboard.press("Escape");
    await visit("/templates/archived", "templates list, empty", { screenshot: "templates-empty" });
    await visit(team.templateEditUrl, "template editor", { screenshot: "template-editor" });
    await visit(
      team.templateEditUrl.replace(/\/edit$/, "/create-envelope"),
      "envelope from a template",
      { screenshot: "template-create-envelope" },
    );
    await visit(team.templateEditUrl.replace(/\/edit$/, "/bulk-send"), "bulk send", {
      screenshot: "template-bulk-send",
    });
    await close();
  });

  test(`the web app's single sign-on pages have no serious accessibility violation (${at})`, async ({
    browser,
    team,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { page, visit, close } = await openSignedIn(browser, team, language, testInfo);
    await visit("/settings/sso", "single sign-on settings", { screenshot: "sso-settings" });
    await visit("/settings/sso-tutorial", "single sign-on tutorial", {
      screenshot: "sso-tutorial",
    });
    // A callback whose login was never started: the page says the login could not be verified.
    await visit("/auth/oidc?code=unknown&state=unknown", "single sign-on callback, failed", {
      screenshot: "sso-callback-failed",
      before: () => expect(page.getByRole("alert")).toBeVisible(),
    });
    await close();
  });

  test(`the web app's API keys page has no serious accessibility violation (${at})`, async ({
    browser,
    team,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { page, visit, check, close } = await openSignedIn(browser, team, language, testInfo);
    await visit("/settings/api-keys", "API keys settings", { screenshot: "api-keys" });
    await page.getByRole("button", { name: t.createApiKey }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await check("create API key dialog", { screenshot: "api-keys-create" });
    await dialog.getByRole("textbox", { name: t.apiKeyDescription }).fill(`Axe ${language}`);
    await dialog.getByRole("button", { name: t.apiKeySubmit }).click();
    await expect(dialog.getByRole("button", { name: t.apiKeySaved })).toBeVisible();
    await check("new API key's secret", { screenshot: "api-keys-secret" });
    await dialog.getByRole("button", { name: t.apiKeySaved }).click();
    await expect(dialog).toBeHidden();
    await check("API keys with a key", {
      screenshot: "api-keys-listed",
      // A table row from 768 px, a card on a phone.
      before: () =>
        expect(page.getByText(`Axe ${language}`, { exact: true }).first()).toBeVisible(),
    });
    await close();
  });

  test(`the web app's webhook settings have no serious accessibility violation (${at})`, async ({
    browser,
    team,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { page, visit, check, close } = await openSignedIn(browser, team, language, testInfo);
    await visit("/settings/webhooks", "webhook settings", { screenshot: "webhooks" });
    await page.getByRole("button", { name: t.webhookAdd }).first().click();
    const form = page.getByRole("dialog");
    await expect(form).toBeVisible();
    await check("webhook form");
    await form
      .getByRole("textbox", { name: t.webhookUrl })
      .fill(`https://hooks.example.com/axe-${language}`);
    await form.getByRole("checkbox", { name: t.webhookEvent }).click();
    await form.getByRole("button", { name: t.webhookCreate }).click();
    const secret = page.getByRole("dialog");
    await expect(secret.getByRole("textbox")).toHaveValue(/^whsec_/);
    await check("webhook secret", { screenshot: "webhook-secret" });
    await secret.getByRole("button", { name: t.webhookSecretDone }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.getByRole("button", { name: t.webhookDeliveries }).first().click();
    await networkSettled(page);
    await check("webhook deliveries", { screenshot: "webhook-deliveries" });
    await close();
  });

  test(`the web app's subscription and usage pages have no serious accessibility violation (${at})`, async ({
    browser,
    team,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { page, visit, close } = await openSignedIn(browser, team, language, testInfo);
    await visit("/settings/subscription", "subscription settings", {
      screenshot: "subscription",
      before: () => expect(page.getByRole("progressbar").first()).toBeVisible(),
    });
    // The team has sent an envelope: the usage page draws its charts (loaded lazily), at both widths.
    await visit("/settings/usage", "usage charts", {
      screenshot: "usage",
      before: () => expect(page.locator("figure svg").first()).toBeVisible(),
    });
    await close();
  });

  test(`the web app's support and import pages have no serious accessibility violation (${at})`, async ({
    browser,
    team,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { page, visit, close } = await openSignedIn(browser, team, language, testInfo);
    await visit("/settings/support", "support page", { screenshot: "support" });
    // Not an operator: the page says that the conversations are the support team's.
    await visit("/support/operator", "support operators' page, refused", {
      before: () => expect(page.getByRole("alert")).toBeVisible(),
    });
    await visit("/envelopes/import", "documents import", { screenshot: "import" });
    await visit("/envelopes/import-google-drive", "Google Drive import, not configured", {
      screenshot: "import-google-drive",
    });
    await close();
  });

  test(`the web app's contacts and account settings have no serious accessibility violation (${at})`, async ({
    browser,
    team,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { page, visit, check, close } = await openSignedIn(browser, team, language, testInfo);
    await visit("/contacts", "contacts list");
    await visit("/contacts/new", "new contact");
    await visit(team.contactUrl, "contact page");
    await visit("/contacts/import", "contacts import");
    await visit("/settings/profile", "profile settings");
    await visit("/settings/sessions", "sessions settings");
    await visit("/settings/passkeys", "passkeys settings");
    await visit("/settings/security", "security settings");
    await page.getByRole("button", { name: t.securityOpen }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("security dialog");
    await close();
  });

  test(`the web app's team settings have no serious accessibility violation (${at})`, async ({
    browser,
    team,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { page, visit, check, close } = await openSignedIn(browser, team, language, testInfo);
    await visit("/settings/workspaces", "workspaces settings");
    const membersHref = await page
      .locator('a[href^="/settings/workspaces/"][href$="/members"]')
      .first()
      .getAttribute("href");
    expect(membersHref).not.toBeNull();
    await visit(membersHref ?? "", "workspace members settings");
    await visit("/settings/tags", "tags settings");
    // The subscription page: the subscription and usage test above.
    await visit("/settings/members", "members settings");
    await page.getByRole("button", { name: t.inviteMember }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("invite member dialog");
    await page.keyboard.press("Escape");
    await visit("/settings/members/pending", "pending invitations settings");
    await visit("/settings/members/import", "members import settings");
    await close();
  });

  // The team settings in two tests: one of about fifteen visits at two widths outgrew its time on
  // a busy machine.
  test(`the web app's team settings for the team's own look, mail and rules have no serious accessibility violation (${at})`, async ({
    browser,
    team,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { page, visit, check, close } = await openSignedIn(browser, team, language, testInfo);
    await visit("/settings/retention", "retention settings");
    await visit("/settings/messages", "messages settings");
    await visit("/settings/mail-sender", "mail sender settings");
    await visit("/settings/embedding", "embedding settings");
    await visit("/settings/roles", "roles settings");
    await page.getByRole("button", { name: t.newRole }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("new role dialog");
    await close();
  });

  test(`the signing app's invalid-link and not-found pages have no serious accessibility violation (${at})`, async ({
    page,
  }, testInfo) => {
    trackRequests(page);
    const check = checkerOf(page, language, testInfo);
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(
      `${SIGN_URL}/sign/00000000-0000-4000-8000-000000000000?lng=${language}#${"x".repeat(43)}`,
    );
    await expect(page.getByRole("heading", { name: t.invalidLink })).toBeVisible();
    await check("signing app invalid link");

    await page.goto(`${SIGN_URL}/no/such/page?lng=${language}`);
    await expect(page.getByRole("heading", { name: t.notFound })).toBeVisible();
    await check("signing app not found");
  });
}

test("the signing page of a sent envelope and the confirmation have no serious accessibility violation (en, fr; 390 and 1280 px)", async ({
  browser,
  team,
}, testInfo) => {
  test.setTimeout(120_000);
  const signer = await openAsRecipient(browser, team.signerEmail);
  trackRequests(signer);
  // The app takes the secret out of the address bar: the link comes from the mail again.
  const link = signingLinkOf(await waitForMail(team.signerEmail));
  // Loaded at each width: the page previews it fetches depend on the width it opens at.
  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      await signer.setViewportSize({ width, height: 900 });
      await signer.goto(link.replace("#", `?lng=${language}#`));
      await expect(signer.getByText(SIGNING[language].anyRead)).toBeVisible();
      await networkSettled(signer);
      await expectAccessible(signer, `signing page (${language}, ${width} px)`);
    }
  }

  // The last visit was in French at 1280 px: sign there, then check the confirmation everywhere.
  const last: Language = "fr";
  await readEveryPage(signer, last);
  await signer.getByRole("button", { name: SIGNING[last].sign, exact: true }).click();
  await signer.getByRole("tab", { name: SIGNING[last].type }).click();
  await signer.getByRole("textbox", { name: TEXT[last].typedName }).fill("Grace Hopper");
  await expectAccessible(signer, `signature dialog (${last}, 1280 px)`);
  await swipe(signer, last);
  await signer.waitForURL(/\/confirmation/);
  for (const language of LANGUAGES) {
    // The confirmation lives in the history entry's state, which a reload keeps.
    await signer.evaluate((value) => window.localStorage.setItem("i18nextLng", value), language);
    await signer.reload();
    await expect(signer.locator("html")).toHaveAttribute("lang", language);
    await settle(signer);
    await checkerOf(signer, language, testInfo)("confirmation");
  }
});

test("the approver's signing page and the approved state have no serious accessibility violation (en, fr; 390 and 1280 px)", async ({
  browser,
  team,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({
    baseURL: "http://localhost:5173",
    viewport: { width: 1280, height: 900 },
    storageState: team.storageState,
  });
  const sender = await context.newPage();
  const approverEmail = uniqueEmail("axe-approver");
  await sendWithApprovers(sender, [
    { email: approverEmail, firstname: "Alan", lastname: "Turing", role: "approver" },
    { email: uniqueEmail("axe-signer"), firstname: "Grace", lastname: "Hopper", role: "signer" },
  ]);
  await context.close();

  const approver = await openAsRecipient(browser, approverEmail);
  trackRequests(approver);
  const link = signingLinkOf(await waitForMail(approverEmail));
  // Loaded at each width: the page previews it fetches depend on the width it opens at.
  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      await approver.setViewportSize({ width, height: 900 });
      await approver.goto(link.replace("#", `?lng=${language}#`));
      await expect(approver.getByText(APPROVING[language].notice)).toBeVisible();
      await networkSettled(approver);
      await expectAccessible(approver, `approver's signing page (${language}, ${width} px)`);
    }
  }

  // The last visit was in French at 1280 px: approve there, then check the approved state.
  await readEveryPage(approver, "fr");
  await approver.getByRole("button", { name: APPROVING.fr.approve, exact: true }).click();
  await expect(approver.getByRole("heading", { name: APPROVING.fr.approved })).toBeVisible();
  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      await approver.setViewportSize({ width, height: 900 });
      await approver.goto(link.replace("#", `?lng=${language}#`));
      await expect(
        approver.getByRole("heading", { name: APPROVING[language].approved }),
      ).toBeVisible();
      await settle(approver);
      await expectAccessible(approver, `approved (${language}, ${width} px)`);
    }
  }
});
