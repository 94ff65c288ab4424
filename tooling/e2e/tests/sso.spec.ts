import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { IDENTITY_PROVIDER } from "./seeded-team";
import { expectAccessible, keepScreenshot, signUpWithTeam } from "./support";

// Single sign-on through a real OpenID provider (issue 14): an owner configures the team's
// identity provider in the settings (the URLs filled in from the issuer's discovery document) and
// verifies the team's email domain (issue 25: through the development override
// SSO_DOMAIN_VERIFICATION=skip; the api's suite checks the DNS record against a DNS server of its
// own), then the owner and a person new to Paraphe at that domain sign in through it from the login
// page; the new person joins the team with the configured role. An email whose team has no single sign-on gets the spec's
// message on the login page. (Token signed by another key, payload without the email and email
// mismatch are produced for real by the api's single sign-on suite.)

/** The web app, where the provider sends people back. */
const WEB_ORIGIN = new URL(IDENTITY_PROVIDER.redirectUri).origin;

/** An email domain of this test's own, so that its team is the only one the domain points to. */
function ssoDomain(): string {
  return `sso-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.example.com`;
}

async function configureSingleSignOn(page: Page): Promise<void> {
  await page.goto("/settings/sso");
  await expect(page.getByRole("heading", { name: "Single sign-on", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Callback URL to register at your identity provider")).toHaveValue(
    IDENTITY_PROVIDER.redirectUri,
  );
  await page.getByLabel("Issuer URL").fill(IDENTITY_PROVIDER.issuerUrl);
  await page.getByRole("button", { name: "Fill in from the issuer" }).click();
  await expect(page.getByText("The URLs were filled in from the issuer.")).toBeVisible();
  await expect(page.getByLabel("Token URL")).toHaveValue(`${IDENTITY_PROVIDER.issuerUrl}/token`);
  await expect(page.getByLabel("JWKS URL")).toHaveValue(`${IDENTITY_PROVIDER.issuerUrl}/jwks`);
  await page.getByLabel("Client ID").fill(IDENTITY_PROVIDER.clientId);
  await page.getByLabel("Client secret").fill(IDENTITY_PROVIDER.clientSecret);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The single sign-on settings were saved.")).toBeVisible();
}

/** Claims the team's email domain in the settings, sees the TXT record to publish, verifies it. */
async function verifyDomain(page: Page, domain: string, testInfo: TestInfo): Promise<void> {
  await page.goto("/settings/sso");
  await page.getByRole("textbox", { name: "Domain" }).fill(domain);
  await page.getByRole("button", { name: "Add the domain" }).click();
  await expect(page.getByText(`_paraphe.${domain}`)).toBeVisible();
  await expect(page.getByText(/^paraphe-verification=[0-9a-f]{40}$/)).toBeVisible();
  // The record stays readable on a phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, "single sign-on domain waiting for its record (390 px)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await keepScreenshot(page, testInfo, "sso-domain-pending-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: `Verify ${domain}` }).click();
  await expect(page.getByText(`The domain ${domain} is verified.`)).toBeVisible();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
}

/** Signs in from the login page through single sign-on, in a browser context of its own. */
async function signInThroughProvider(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with single sign-on" }).click();
  await page.getByRole("textbox").first().fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  return { context, page };
}

test("a team's members sign in through its identity provider, and a new person joins the team as Member", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const domain = ssoDomain();
  const ownerEmail = `owner@${domain}`;
  await signUpWithTeam(page, { email: ownerEmail, team: "Single Sign-On Works" });
  await configureSingleSignOn(page);
  await verifyDomain(page, domain, testInfo);
  await keepScreenshot(page, testInfo, "sso-settings-configured");
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Your team" }).getByText("Enabled")).toBeVisible();

  // The owner: the provider signs the email in at once and sends the browser back to /auth/oidc.
  const owner = await signInThroughProvider(browser, ownerEmail);
  await owner.page.waitForURL((url) => url.origin === WEB_ORIGIN && url.pathname === "/");
  await expect(owner.page.getByRole("heading", { level: 1 })).toBeVisible();
  await owner.page.goto("/settings/profile");
  await expect(owner.page.getByLabel("Email address")).toHaveValue(ownerEmail);
  await owner.context.close();

  // A person of the same domain without an account: an account, and the team's Member role.
  const newcomerEmail = `newcomer@${domain}`;
  const newcomer = await signInThroughProvider(browser, newcomerEmail);
  // Back from the provider, past the callback: the account exists and has joined the team.
  await newcomer.page.waitForURL(
    (url) => url.origin === WEB_ORIGIN && !/^\/(login|auth\/oidc)/.test(url.pathname),
  );
  await newcomer.context.close();

  await page.goto("/settings/members");
  const row = page.getByRole("row").filter({ hasText: newcomerEmail });
  await expect(row).toBeVisible();
  await expect(row.getByText("Member", { exact: true })).toBeVisible();
});

test("an email whose team has no single sign-on is told so on the login page, in French too", async ({
  page,
}, testInfo) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with single sign-on" }).click();
  await page.getByRole("textbox").first().fill(`someone@${ssoDomain()}`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(
    page.getByText("Single sign-on is not configured. Please contact your administrator."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.goto("/login?lng=fr");
  await page.getByRole("button", { name: "Se connecter avec l’authentification unique" }).click();
  await page.getByRole("textbox").first().fill(`quelquun@${ssoDomain()}`);
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("alert")).toContainText("authentification unique");
  await keepScreenshot(page, testInfo, "sso-login-not-configured-fr");
});
