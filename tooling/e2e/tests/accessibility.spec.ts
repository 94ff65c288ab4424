import { expect, test as base, type Browser, type Page } from "@playwright/test";
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

/** A page signed in as the run's team, and `visit`, which opens a path in `language` and runs axe. */
async function openSignedIn(browser: Browser, team: Team, language: Language, width: number) {
  const context = await browser.newContext({
    baseURL: "http://localhost:5173",
    viewport: { width, height: 900 },
    storageState: team.storageState,
  });
  const page = await context.newPage();
  trackRequests(page);
  const visit = async (path: string, label: string) => {
    const url = new URL(path, "http://localhost:5173");
    url.searchParams.set("lng", language);
    await page.goto(url.toString());
    await settle(page);
    await expectAccessible(page, `${label} (${language}, ${width} px)`);
  };
  return { page, visit, close: () => context.close() };
}

for (const language of LANGUAGES) {
  for (const width of WIDTHS) {
    const t = TEXT[language];
    const at = `${language}, ${width} px`;

    test(`the web app's public pages have no serious accessibility violation (${at})`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      trackRequests(page);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/login?lng=${language}`);
      await settle(page);
      await expectAccessible(page, `login (${at})`);

      const email = uniqueEmail(`axe-${language}`);
      await page.getByRole("textbox").first().fill(email);
      await page.keyboard.press("Enter");
      await expect(page.getByLabel(t.code)).toBeVisible();
      await expectAccessible(page, `login code step (${at})`);

      await page.getByLabel(t.code).fill(loginCodeOf(await waitForMail(email)));
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/(register-passkey|onboarding\/team)$/);
      if (page.url().endsWith("/register-passkey")) {
        await settle(page);
        await expectAccessible(page, `passkey offer (${at})`);
      }
      await page.goto("/onboarding/team");
      await expect(page.getByLabel(t.teamName)).toBeVisible();
      await expectAccessible(page, `team onboarding (${at})`);

      await page.goto(`/no/such/page?lng=${language}`);
      await expect(page.getByRole("heading", { name: t.notFound })).toBeVisible();
      await expectAccessible(page, `web not found (${at})`);

      // An invitation link whose invitation is gone (the page with a live one: team-members.spec.ts).
      await page.goto(`/accept-team-invite?lng=${language}#token=${"x".repeat(43)}`);
      await expect(page.getByText(t.inviteFetchError)).toBeVisible();
      await expectAccessible(page, `accept team invitation (${at})`);
    });

    test(`the web app's document pages have no serious accessibility violation (${at})`, async ({
      browser,
      team,
    }) => {
      test.setTimeout(90_000);
      const { page, visit, close } = await openSignedIn(browser, team, language, width);
      await visit("/", "dashboard");
      await visit("/envelopes", "envelopes list");
      await page.getByRole("button", { name: EDITOR[language].upload }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, `upload dialog (${at})`);
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
      test.setTimeout(90_000);
      const { page, visit, close } = await openSignedIn(browser, team, language, width);
      // Each page is also kept as a screenshot, to look at at both widths in both languages.
      const visitAndKeep = async (path: string, label: string, name: string) => {
        await visit(path, label);
        await keepScreenshot(page, testInfo, `${name}-${width}-${language}`);
      };
      await visitAndKeep("/templates", "templates list", "templates");
      await page.getByRole("button", { name: t.newTemplate }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, `new template dialog (${at})`);
      await page.keyboard.press("Escape");
      await visitAndKeep("/templates/archived", "templates list, empty", "templates-empty");
      await visitAndKeep(team.templateEditUrl, "template editor", "template-editor");
      await visitAndKeep(
        team.templateEditUrl.replace(/\/edit$/, "/create-envelope"),
        "envelope from a template",
        "template-create-envelope",
      );
      await visitAndKeep(
        team.templateEditUrl.replace(/\/edit$/, "/bulk-send"),
        "bulk send",
        "template-bulk-send",
      );
      await close();
    });

    test(`the web app's single sign-on pages have no serious accessibility violation (${at})`, async ({
      browser,
      team,
    }, testInfo) => {
      test.setTimeout(60_000);
      const { page, visit, close } = await openSignedIn(browser, team, language, width);
      await visit("/settings/sso", "single sign-on settings");
      await keepScreenshot(page, testInfo, `sso-settings-${width}-${language}`);
      await visit("/settings/sso-tutorial", "single sign-on tutorial");
      await keepScreenshot(page, testInfo, `sso-tutorial-${width}-${language}`);
      // A callback whose login was never started: the page says the login could not be verified.
      await visit("/auth/oidc?code=unknown&state=unknown", "single sign-on callback, failed");
      await expect(page.getByRole("alert")).toBeVisible();
      await keepScreenshot(page, testInfo, `sso-callback-failed-${width}-${language}`);
      await close();
    });

    test(`the web app's API keys page has no serious accessibility violation (${at})`, async ({
      browser,
      team,
    }, testInfo) => {
      test.setTimeout(60_000);
      const { page, visit, close } = await openSignedIn(browser, team, language, width);
      await visit("/settings/api-keys", "API keys settings");
      await keepScreenshot(page, testInfo, `api-keys-${width}-${language}`);
      await page.getByRole("button", { name: t.createApiKey }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expectAccessible(page, `create API key dialog (${at})`);
      await keepScreenshot(page, testInfo, `api-keys-create-${width}-${language}`);
      await dialog.getByRole("textbox", { name: t.apiKeyDescription }).fill(`Axe ${language}`);
      await dialog.getByRole("button", { name: t.apiKeySubmit }).click();
      await expect(dialog.getByRole("button", { name: t.apiKeySaved })).toBeVisible();
      await expectAccessible(page, `new API key's secret (${at})`);
      await keepScreenshot(page, testInfo, `api-keys-secret-${width}-${language}`);
      await dialog.getByRole("button", { name: t.apiKeySaved }).click();
      await expect(dialog).toBeHidden();
      // A table row from 768 px, a card on a phone.
      await expect(page.getByText(`Axe ${language}`, { exact: true }).first()).toBeVisible();
      await expectAccessible(page, `API keys with a key (${at})`);
      await keepScreenshot(page, testInfo, `api-keys-listed-${width}-${language}`);
      await close();
    });

    test(`the web app's webhook settings have no serious accessibility violation (${at})`, async ({
      browser,
      team,
    }, testInfo) => {
      test.setTimeout(60_000);
      const { page, visit, close } = await openSignedIn(browser, team, language, width);
      await visit("/settings/webhooks", "webhook settings");
      await keepScreenshot(page, testInfo, `webhooks-${width}-${language}`);
      await page.getByRole("button", { name: t.webhookAdd }).first().click();
      const form = page.getByRole("dialog");
      await expect(form).toBeVisible();
      await expectAccessible(page, `webhook form (${at})`);
      await form
        .getByRole("textbox", { name: t.webhookUrl })
        .fill(`https://hooks.example.com/axe-${language}-${width}`);
      await form.getByRole("checkbox", { name: t.webhookEvent }).click();
      await form.getByRole("button", { name: t.webhookCreate }).click();
      const secret = page.getByRole("dialog");
      await expect(secret.getByRole("textbox")).toHaveValue(/^whsec_/);
      await expectAccessible(page, `webhook secret (${at})`);
      await keepScreenshot(page, testInfo, `webhook-secret-${width}-${language}`);
      await secret.getByRole("button", { name: t.webhookSecretDone }).click();
      await expect(page.getByRole("dialog")).toBeHidden();
      await page.getByRole("button", { name: t.webhookDeliveries }).first().click();
      await networkSettled(page);
      await expectAccessible(page, `webhook deliveries (${at})`);
      await keepScreenshot(page, testInfo, `webhook-deliveries-${width}-${language}`);
      await close();
    });

    test(`the web app's subscription and usage pages have no serious accessibility violation (${at})`, async ({
      browser,
      team,
    }, testInfo) => {
      test.setTimeout(60_000);
      const { page, visit, close } = await openSignedIn(browser, team, language, width);
      await visit("/settings/subscription", "subscription settings");
      await expect(page.getByRole("progressbar").first()).toBeVisible();
      await keepScreenshot(page, testInfo, `subscription-${width}-${language}`);
      // The worker's team has sent an envelope: the usage page draws its charts (loaded lazily).
      await visit("/settings/usage", "usage settings");
      await expect(page.locator("figure svg").first()).toBeVisible();
      await expectAccessible(page, `usage charts (${at})`);
      await keepScreenshot(page, testInfo, `usage-${width}-${language}`);
      await close();
    });

    test(`the web app's support and import pages have no serious accessibility violation (${at})`, async ({
      browser,
      team,
    }, testInfo) => {
      test.setTimeout(60_000);
      const { page, visit, close } = await openSignedIn(browser, team, language, width);
      await visit("/settings/support", "support page");
      await keepScreenshot(page, testInfo, `support-${width}-${language}`);
      // Not an operator: the page says that the conversations are the support team's.
      await visit("/support/operator", "support operators' page, refused");
      await expect(page.getByRole("alert")).toBeVisible();
      await visit("/envelopes/import", "documents import");
      await keepScreenshot(page, testInfo, `import-${width}-${language}`);
      await visit("/envelopes/import-google-drive", "Google Drive import, not configured");
      await keepScreenshot(page, testInfo, `import-google-drive-${width}-${language}`);
      await close();
    });

    test(`the web app's contacts and account settings have no serious accessibility violation (${at})`, async ({
      browser,
      team,
    }) => {
      test.setTimeout(90_000);
      const { page, visit, close } = await openSignedIn(browser, team, language, width);
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
      await expectAccessible(page, `security dialog (${at})`);
      await close();
    });

    test(`the web app's team settings have no serious accessibility violation (${at})`, async ({
      browser,
      team,
    }) => {
      test.setTimeout(90_000);
      const { page, visit, close } = await openSignedIn(browser, team, language, width);
      await visit("/settings/workspaces", "workspaces settings");
      const membersHref = await page
        .locator('a[href^="/settings/workspaces/"][href$="/members"]')
        .first()
        .getAttribute("href");
      expect(membersHref).not.toBeNull();
      await visit(membersHref ?? "", "workspace members settings");
      await visit("/settings/tags", "tags settings");
      await visit("/settings/subscription", "subscription settings");
      await visit("/settings/members", "members settings");
      await page.getByRole("button", { name: t.inviteMember }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, `invite member dialog (${at})`);
      await page.keyboard.press("Escape");
      await visit("/settings/members/pending", "pending invitations settings");
      await visit("/settings/members/import", "members import settings");
      await visit("/settings/roles", "roles settings");
      await page.getByRole("button", { name: t.newRole }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, `new role dialog (${at})`);
      await close();
    });

    test(`the signing app's invalid-link and not-found pages have no serious accessibility violation (${at})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(
        `${SIGN_URL}/sign/00000000-0000-4000-8000-000000000000?lng=${language}#${"x".repeat(43)}`,
      );
      await expect(page.getByRole("heading", { name: t.invalidLink })).toBeVisible();
      await expectAccessible(page, `signing app invalid link (${at})`);

      await page.goto(`${SIGN_URL}/no/such/page?lng=${language}`);
      await expect(page.getByRole("heading", { name: t.notFound })).toBeVisible();
      await expectAccessible(page, `signing app not found (${at})`);
    });
  }
}

test("the signing page of a sent envelope and the confirmation have no serious accessibility violation (en, fr; 390 and 1280 px)", async ({
  browser,
  team,
}) => {
  test.setTimeout(120_000);
  const signer = await openAsRecipient(browser, team.signerEmail);
  trackRequests(signer);
  // The app takes the secret out of the address bar: the link comes from the mail again.
  const link = signingLinkOf(await waitForMail(team.signerEmail));
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
    for (const width of WIDTHS) {
      // The confirmation lives in the history entry's state, which a reload keeps.
      await signer.evaluate((value) => window.localStorage.setItem("i18nextLng", value), language);
      await signer.setViewportSize({ width, height: 900 });
      await signer.reload();
      await expect(signer.locator("html")).toHaveAttribute("lang", language);
      await settle(signer);
      await expectAccessible(signer, `confirmation (${language}, ${width} px)`);
    }
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
