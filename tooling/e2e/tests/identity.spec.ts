import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, keepScreenshot, loginCodeOf, uniqueEmail, waitForMail } from "./support";

/** The words the flow clicks and reads, in each language. */
const TEXT = {
  en: {
    email: "Email address",
    continue: "Continue",
    code: "Verification code",
    signIn: "Sign in",
    createPasskey: "Create a passkey",
    teamName: "Team name",
    firstname: "First name",
    lastname: "Last name",
    createTeam: "Create the team",
    welcome: (name: string) => `Welcome, ${name}`,
    accountMenu: "Account menu",
    logout: "Log out",
    passkeyLogin: "Sign in with a passkey",
    loginTitle: "Sign in to Paraphe",
    mailSubject: /verification code/i,
  },
  fr: {
    email: "Adresse e-mail",
    continue: "Continuer",
    code: "Code de vérification",
    signIn: "Se connecter",
    createPasskey: "Créer une clé d’accès",
    teamName: "Nom de l’équipe",
    firstname: "Prénom",
    lastname: "Nom",
    createTeam: "Créer l’équipe",
    welcome: (name: string) => `Bienvenue, ${name}`,
    accountMenu: "Menu du compte",
    logout: "Se déconnecter",
    passkeyLogin: "Se connecter avec une clé d’accès",
    loginTitle: "Se connecter à Paraphe",
    mailSubject: /code de vérification/i,
  },
} as const;

/** Chromium's virtual authenticator (CDP), with a platform passkey that verifies the user. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
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
}

for (const language of ["en", "fr"] as const) {
  const t = TEXT[language];

  test(`a new person signs up with the mailed code, creates a team, adds a passkey, logs out and back in with it (${language})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await addVirtualAuthenticator(page);
    const email = uniqueEmail(`identity-${language}`);
    const name = language === "en" ? "Ada" : "Zoë";

    await page.goto(`/login?lng=${language}`);
    await expect(page.getByRole("heading", { name: t.loginTitle })).toBeVisible();
    await expectAccessible(page, `login (${language})`);
    await page.getByLabel(t.email).fill(email);
    await page.getByRole("button", { name: t.continue }).click();

    // The code arrives by real mail, in the person's language.
    const mail = await waitForMail(email);
    expect(mail.subject).toMatch(t.mailSubject);
    await page.getByLabel(t.code).fill(loginCodeOf(mail));
    await keepScreenshot(page, testInfo, `login-code-${language}`);
    await expectAccessible(page, `login code step (${language})`);
    await page.getByRole("button", { name: t.signIn, exact: true }).click();

    // After a code login, a passkey is offered.
    await page.getByRole("button", { name: t.createPasskey }).click();

    // No team yet: onboarding.
    await expect(page).toHaveURL(/\/onboarding\/team$/);
    await page.getByLabel(t.teamName).fill("Ac");
    await page.getByRole("textbox", { name: t.firstname, exact: true }).fill(name);
    await page.getByRole("textbox", { name: t.lastname, exact: true }).fill("Lovelace-Łukasiewicz");
    await page.getByRole("button", { name: t.createTeam }).click();
    // Spec §5: at least 3 characters; the form says so and stays.
    await expect(page).toHaveURL(/\/onboarding\/team$/);
    await page.getByLabel(t.teamName).fill("Analytical Engines");
    await keepScreenshot(page, testInfo, `onboarding-${language}`);
    await expectAccessible(page, `team onboarding with an error (${language})`);
    await page.getByRole("button", { name: t.createTeam }).click();

    await expect(page.getByRole("heading", { name: t.welcome(name) })).toBeVisible();
    await keepScreenshot(page, testInfo, `dashboard-${language}`);
    await expectAccessible(page, `dashboard (${language})`);

    // Log out: back to /login with the email carried in the fragment.
    await page.getByRole("button", { name: t.accountMenu }).click();
    await page.getByRole("menuitem", { name: t.logout }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel(t.email)).toHaveValue(email);
    const stored = await page.evaluate(() => window.localStorage.getItem("session"));
    expect(stored).not.toContain("secretKey");

    // And back in with the passkey, no mail needed.
    await page.getByRole("button", { name: t.passkeyLogin }).click();
    await expect(page.getByRole("heading", { name: t.welcome(name) })).toBeVisible();
  });
}

test("the credential of a logged-out session no longer works", async ({ page }) => {
  const email = uniqueEmail("logout");
  await page.goto("/login?lng=en");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Verification code").fill(loginCodeOf(await waitForMail(email)));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/(register-passkey|onboarding\/team)/);
  const stored = await page.evaluate(() => window.localStorage.getItem("session"));
  const user = (JSON.parse(stored ?? "{}") as { user?: { accessKey: string } }).user;
  expect(user?.accessKey).toMatch(/^ses_/);

  // Put the ended credential back after logout: the app must treat it as logged out.
  await page.goto("/onboarding/team");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.evaluate((value) => window.localStorage.setItem("session", value ?? ""), stored);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
});
