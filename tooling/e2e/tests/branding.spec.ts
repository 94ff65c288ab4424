import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  openAsRecipient,
  openWhenComplete,
  prepareAndSend,
  readEveryPage,
  SIGNING,
  swipe,
} from "./envelope-flow";
import {
  expectAccessible,
  keepScreenshot,
  signUpWithTeam,
  uniqueEmail,
  waitForMail,
} from "./support";

const run = promisify(execFile);

// The team's branding (issue 33): an Owner sets a logo, a dark brand colour, a display name, a
// footer line and links in Team settings › Branding (axe at 390 and 1280 px, in English and
// French); the signer's mail carries them, and the signing page shows them in French at 390 and
// 1280 px with axe passing, its primary buttons in the brand colour, and with a light colour too
// (its readable shade). Then the team's own French
// invitation text reaches a signer of a sender who writes in French, who signs on a phone and
// sees the team's look on the confirmation; the proof's cover carries the team's name and logo.

/** A light yellow, too light for white text: the apps use a darker shade of it. */
const LIGHT = "#ffe14d";

/** A 1 x 1 PNG. */
const LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const DARK = "#1e3a8a";

async function checkSettingsAtBothWidths(page: Page, label: string, testInfo: TestInfo) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `branding settings, ${label}, ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await keepScreenshot(page, testInfo, `branding-settings-${label}-${width}`);
  }
}

test("a team's logo, dark colour and texts reach the signer's mail, the signing and confirmation pages and the proof, with its own French invitation", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const sender = await signUpWithTeam(page, { team: "Atelier Nocturne" });
  await page.goto("/settings/branding");
  await expect(page.getByRole("heading", { name: "Branding", level: 2 })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: LOGO,
  });
  await expect(page.getByText("Logo saved.")).toBeVisible();
  await page.getByRole("textbox", { name: "Display name" }).fill("Nocturne & Fils");
  await page.getByRole("textbox", { name: "Brand colour", exact: true }).fill(DARK);
  await expect(
    page.getByText("Readable: buttons and links use this colour as it is."),
  ).toBeVisible();
  await page.getByRole("textbox", { name: "Footer line" }).fill("Nocturne SAS, 1 rue de la Lune");
  await page.getByRole("textbox", { name: "Website" }).fill("https://nocturne.example");
  await page
    .getByRole("textbox", { name: "Privacy notice" })
    .fill("https://nocturne.example/privacy");
  await page.getByRole("button", { name: "Save the branding" }).click();
  await expect(page.getByText("Branding saved.")).toBeVisible();
  await checkSettingsAtBothWidths(page, "en", testInfo);
  await page.goto("/settings/branding?lng=fr");
  await expect(page.getByRole("heading", { name: "Identité visuelle", level: 2 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Nom affiché" })).toHaveValue("Nocturne & Fils");
  await checkSettingsAtBothWidths(page, "fr", testInfo);
  await page.goto("/settings/branding?lng=en");
  await page.setViewportSize({ width: 1280, height: 900 });

  const signer = uniqueEmail("branded-signer");
  await prepareAndSend(page, [{ email: signer, firstname: "Inès", lastname: "Morel" }]);
  const mail = await waitForMail(signer, 1, 30_000);
  expect(mail.html).toContain("Nocturne &amp; Fils");
  expect(mail.html).toContain(`color:${DARK}`);
  expect(mail.html).toContain("/public/team-logos/");
  expect(mail.html).toContain("Nocturne SAS, 1 rue de la Lune");

  const signing = await openAsRecipient(browser, signer, 1, "fr");
  const brand = signing.getByTestId("team-brand");
  await expect(brand).toContainText("Nocturne & Fils");
  await expect(brand.locator("img")).toHaveJSProperty("naturalWidth", 1);
  await expect(signing.getByText("Nocturne SAS, 1 rue de la Lune")).toBeVisible();
  await expect(signing.getByRole("link", { name: "Politique de confidentialité" })).toHaveAttribute(
    "href",
    "https://nocturne.example/privacy",
  );
  await expect(signing.getByRole("link", { name: "Envoyé avec Paraphe" })).toBeVisible();
  const rootColor = await signing.evaluate(() =>
    (document.querySelector('[style*="--color-brand-500"]') as HTMLElement | null)?.style
      .getPropertyValue("--color-brand-500")
      .trim(),
  );
  expect(rootColor).toBe(DARK);
  await expectAccessible(signing, "branded signing page in French (390 px)");
  await keepScreenshot(signing, testInfo, "branding-signing-fr-390");
  await signing.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(signing, "branded signing page in French (1280 px)");
  await keepScreenshot(signing, testInfo, "branding-signing-fr-1280");
  await signing.context().close();

  // The team's own words: a French invitation, which a sender who writes in French sends.
  await page.goto("/settings/profile?lng=en");
  await page.getByRole("combobox", { name: "Preferred language for emails" }).selectOption("fr");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your profile has been updated.")).toBeVisible();
  await page.goto("/settings/messages?lng=en");
  await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
  await page.getByRole("textbox", { name: "Subject" }).fill("À signer : {{envelopeTitle}}");
  await page
    .getByRole("textbox", { name: "Body" })
    .fill("Bonjour {{signerName}},\n\nL’atelier vous attend pour signer.\n\n{{link}}");
  await page.getByRole("button", { name: "Save the text" }).click();
  await expect(page.getByText("Text saved: mails sent from now on use it.")).toBeVisible();

  const second = uniqueEmail("branded-fr");
  const viewUrl = await prepareAndSend(page, [
    { email: second, firstname: "Léon", lastname: "Morel" },
  ]);
  const invitation = await waitForMail(second, 1, 30_000);
  expect(invitation.subject).toMatch(/^À signer : /);
  expect(invitation.text).toContain("Bonjour Léon Morel,");
  expect(invitation.text).toContain("L’atelier vous attend pour signer.");
  expect(invitation.html).toContain("Nocturne &amp; Fils");
  expect(invitation.html).toContain(`color:${DARK}`);

  // Signed on a phone in French: the confirmation keeps the team's look.
  const phone = await openAsRecipient(browser, second, 1, "fr");
  await readEveryPage(phone, "fr");
  await phone.getByRole("button", { name: SIGNING.fr.sign, exact: true }).click();
  await phone.getByRole("tab", { name: SIGNING.fr.type }).click();
  await phone.getByRole("textbox", { name: "Nom complet" }).fill("Léon Morel");
  await swipe(phone, "fr");
  await phone.waitForURL(/\/confirmation/);
  await expect(phone.getByTestId("team-brand")).toContainText("Nocturne & Fils");
  await expectAccessible(phone, "branded confirmation in French (390 px)");
  await keepScreenshot(phone, testInfo, "branding-confirmation-fr-390");
  await phone.context().close();

  // The proof's cover carries the team's name and logo.
  await openWhenComplete(page, sender, viewUrl);
  const downloadProof = page.getByRole("button", { name: "Download the audit-log proof" });
  await expect(downloadProof).toBeVisible({ timeout: 15_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), downloadProof.click()]);
  const proof = join(await mkdtemp(join(tmpdir(), "paraphe-e2e-")), "proof.pdf");
  await download.saveAs(proof);
  const { stdout: text } = await run("pdftotext", ["-f", "1", "-l", "1", proof, "-"]);
  expect(text).toContain("Nocturne & Fils");
  const { stdout: images } = await run("pdfimages", ["-f", "1", "-l", "1", "-list", proof]);
  // One line per image of the cover (after a header and a rule): the logo is the 1 x 1 one.
  const sizes = images
    .trim()
    .split("\n")
    .slice(2)
    .map((line) => line.trim().split(/\s+/).slice(3, 5).join("x"));
  expect(sizes).toContain("1x1");

  // A light colour: buttons and links take its readable shade, and the pages stay accessible.
  await page.goto("/settings/branding?lng=en");
  await page.getByRole("textbox", { name: "Brand colour", exact: true }).fill(LIGHT);
  await expect(page.getByText(/White text on this colour is hard to read/)).toBeVisible();
  await page.getByRole("button", { name: "Save the branding" }).click();
  await expect(page.getByText("Branding saved.")).toBeVisible();
  // The first signer has not signed: their page takes the new colour.
  const light = await openAsRecipient(browser, signer, 1, "fr");
  await expect(light.getByTestId("team-brand")).toContainText("Nocturne & Fils");
  for (const width of [390, 1280]) {
    await light.setViewportSize({ width, height: 900 });
    await expectAccessible(light, `signing page with a light brand in French (${width} px)`);
  }
  await keepScreenshot(light, testInfo, "branding-signing-light-fr-1280");
  await light.context().close();
});
