import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { openAsRecipient, prepareAndSend } from "./envelope-flow";
import {
  expectAccessible,
  keepScreenshot,
  signUpWithTeam,
  uniqueEmail,
  waitForMail,
} from "./support";

// The team's branding (issue 33): an Owner sets a logo, a dark brand colour, a display name, a
// footer line and links in Team settings › Branding (axe at 390 and 1280 px, in English and
// French); the signer's mail carries them, and the signing page shows them in French at 390 and
// 1280 px with axe passing, its primary buttons in the brand colour.

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

test("a team's logo, dark colour and texts reach the signer's mail and the signing page, in French", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpWithTeam(page, { team: "Atelier Nocturne" });
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
});
