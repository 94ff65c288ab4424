import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { expect, test as setup } from "@playwright/test";
import { ACCESSIBILITY_TEAM_FILE, type AccessibilityTeam } from "./accessibility-team";
import { AGREEMENT, EDITOR, prepareAndSend, uploadAgreement } from "./envelope-flow";
import { signUpWithTeam, uniqueEmail } from "./support";

// Once per run, before the accessibility visits (playwright.config.ts): a team (made through the
// api) gets a sent envelope, a draft, a contact and an active template through the UI; its session
// and the pages' addresses go to a file that every visit reads.

setup("a team for the accessibility visits signs up and fills its pages", async ({ browser }) => {
  // Sign-up, an envelope sent, a draft, a contact and an active template: on a machine shared with
  // the other worker this takes well over a minute.
  setup.setTimeout(240_000);
  const context = await browser.newContext({
    baseURL: "http://localhost:5173",
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signUpWithTeam(page);
  const signerEmail = uniqueEmail("axe-signer");
  const viewUrl = await prepareAndSend(
    page,
    [{ email: signerEmail, firstname: "Grace", lastname: "Hopper" }],
    { sequential: false },
  );
  await uploadAgreement(page);
  const editUrl = page.url();
  await page.goto("/contacts/new");
  await page.getByRole("textbox", { name: /^Email/ }).fill(uniqueEmail("axe-contact"));
  await page.getByRole("textbox", { name: /^First name/ }).fill("Grace");
  await page.getByRole("textbox", { name: /^Last name/ }).fill("Hopper");
  await page.getByRole("button", { name: "Create contact" }).click();
  await page.waitForURL(/\/contacts\/[0-9a-f-]+\/.+$/);
  const contactUrl = page.url();
  await page.goto("/templates");
  await page.getByRole("button", { name: "New template" }).first().click();
  await page.locator('input[type="file"]').setInputFiles(AGREEMENT);
  await page.getByRole("button", { name: "Upload and prepare the template" }).click();
  await page.waitForURL(/\/templates\/[0-9a-f-]+\/[0-9a-f-]+\/edit$/);
  const templateEditUrl = page.url();
  await page.getByRole("button", { name: EDITOR.en.add, exact: true }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Role label" }).fill("Employee");
  await page.getByRole("dialog").getByRole("button", { name: "Add the role" }).click();
  await page.getByRole("button", { name: EDITOR.en.placeFor("Employee") }).click();
  await page.getByRole("button", { name: EDITOR.en.signature, exact: true }).click();
  await page
    .getByRole("button", { name: EDITOR.en.placeOn(1) })
    .click({ position: { x: 120, y: 420 } });
  await expect(page.getByText(EDITOR.en.saved)).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "Activate", exact: true }).click();
  await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
  const team: AccessibilityTeam = {
    storageState: await context.storageState(),
    editUrl,
    viewUrl,
    signerEmail,
    contactUrl,
    templateEditUrl,
  };
  await context.close();
  mkdirSync(dirname(ACCESSIBILITY_TEAM_FILE), { recursive: true });
  writeFileSync(ACCESSIBILITY_TEAM_FILE, JSON.stringify(team));
});
