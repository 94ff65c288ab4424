import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible, signUpWithTeam, uniqueEmail, waitForMail } from "./support";
import { createActiveTemplate } from "./template-flow";

/** Runs axe on what `page` shows at 390 and 1280 px (then back to 1280). */
async function accessibleAtBothWidths(page: Page, label: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${label}, ${String(width)} px`);
  }
}

/** A visitor of the direct link at `address`: name, email, the mailed code; their signing page. */
async function visit(browser: Browser, address: string, checkAccessibility: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(address);
  await expect(page.getByRole("heading", { name: /invites you to sign a document/ })).toBeVisible();
  if (checkAccessibility) await accessibleAtBothWidths(page, "direct link, visitor's details (en)");
  const email = uniqueEmail("direct-visitor");
  await page.getByRole("textbox", { name: /^First name/ }).fill("Vera");
  await page.getByRole("textbox", { name: /^Last name/ }).fill("Visitor");
  await page.getByRole("textbox", { name: /^Email address/ }).fill(email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  const mail = await waitForMail(email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
  await page.getByRole("textbox", { name: /^Code from the email/ }).fill(code);
  if (checkAccessibility) await accessibleAtBothWidths(page, "direct link, code (en)");
  await page.getByRole("button", { name: "Confirm and open the document" }).click();
  await page.waitForURL(/\/sign\/[0-9a-f-]{36}$/);
  const envelopeUuid = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  await context.close();
  return envelopeUuid;
}

test("a template's direct link used by two visitors gives two envelopes", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page);
  await createActiveTemplate(page, testInfo);

  await page.getByRole("button", { name: "Direct link" }).click();
  const dialog = page.getByRole("dialog", { name: "Direct link" });
  await expect(dialog.getByText("The direct link is off.")).toBeVisible();
  await dialog.getByRole("textbox", { name: /^First name/ }).fill("Max");
  await dialog.getByRole("textbox", { name: /^Last name/ }).fill("Manager");
  await dialog.getByRole("textbox", { name: /^Email address/ }).fill(uniqueEmail("manager"));
  await dialog.getByRole("button", { name: "Turn on" }).click();
  const addressField = dialog.getByRole("textbox", { name: /^Address of the link/ });
  await expect(addressField).toHaveValue(/\/d\/[A-Za-z0-9_-]{32}$/);
  const address = await addressField.inputValue();

  const first = await visit(browser, address, true);
  const second = await visit(browser, address, false);
  expect(first).not.toBe(second);

  // The visitor's page in French, at both widths.
  const french = await browser.newContext();
  const frenchPage = await french.newPage();
  const frenchAddress = new URL(address);
  frenchAddress.searchParams.set("lng", "fr");
  await frenchPage.goto(frenchAddress.toString());
  await expect(frenchPage.locator("html")).toHaveAttribute("lang", "fr");
  await expect(frenchPage.getByRole("textbox", { name: /^Adresse e-mail/ })).toBeVisible();
  await accessibleAtBothWidths(frenchPage, "direct link, visitor's details (fr)");
  await french.close();
});
