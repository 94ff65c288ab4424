import { expect, type Browser, type Page } from "@playwright/test";
import { SUPPORT_OPERATOR } from "./seeded-team";
import { loginCodeOf, mailTo, waitForMail, WEB_URL } from "./support";

/**
 * Signs the support operator in (a context of its own): the account may exist already, so the code
 * is the one of the mail this sign-in asked for; a team is created if the account has none.
 */
export async function signInOperator(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: WEB_URL });
  const page = await context.newPage();
  const before = (await mailTo(SUPPORT_OPERATOR)).length;
  await page.goto("/login?lng=en");
  await page.getByRole("textbox").first().fill(SUPPORT_OPERATOR);
  await page.keyboard.press("Enter");
  const code = loginCodeOf(await waitForMail(SUPPORT_OPERATOR, before + 1));
  await page.getByRole("textbox").first().fill(code);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/(register-passkey|onboarding\/team)$/);
  await page.goto("/support/operator");
  const conversations = page.getByRole("heading", { name: "Support conversations" }).first();
  const createTeam = page.getByRole("heading", { name: "Create your team" });
  await expect(conversations.or(createTeam)).toBeVisible();
  if (await createTeam.isVisible()) {
    const fields = page.getByRole("textbox");
    await fields.nth(0).fill("Paraphe Support");
    await fields.nth(1).fill("Sam");
    await fields.nth(2).fill("Operator");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/support/operator");
    await expect(conversations).toBeVisible();
  }
  return page;
}
