import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { openAsRecipient, readEveryPage, SIGNING, swipe } from "./envelope-flow";
import {
  apiClientAs,
  createAccountWithTeam,
  expectAccessible,
  openSignedIn,
  uniqueEmail,
  waitForMail,
} from "./support";
import { createActiveTemplate } from "./template-flow";

const run = promisify(execFile);

/** Runs axe on what `page` shows at 390 and 1280 px (then back to 1280). */
async function accessibleAtBothWidths(page: Page, label: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${label}, ${String(width)} px`);
  }
}

/** Reads every page of the signing page in `page`, signs with a typed `name` and swipes. */
async function signAs(page: Page, name: string): Promise<void> {
  await readEveryPage(page);
  await page.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await page.getByRole("tab", { name: SIGNING.en.type }).click();
  await page.getByRole("textbox", { name: SIGNING.en.typedName }).fill(name);
  await swipe(page);
  await page.waitForURL(/\/confirmation/);
}

/**
 * A visitor of the direct link at `address`: name, email, the mailed code, then reads and signs on
 * the signing page it opens; answers the visitor's envelope.
 */
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
  await signAs(page, "Vera Visitor");
  await context.close();
  return envelopeUuid;
}

test("a template's direct link used by two visitors gives two envelopes, each sealed once the other role signed, whose PDFs pass pdfsig", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await createAccountWithTeam();
  await openSignedIn(page, owner);
  await createActiveTemplate(page, testInfo);

  await page.getByRole("button", { name: "Direct link" }).click();
  const dialog = page.getByRole("dialog", { name: "Direct link" });
  await expect(dialog.getByText("The direct link is off.")).toBeVisible();
  await dialog.getByRole("textbox", { name: /^First name/ }).fill("Max");
  await dialog.getByRole("textbox", { name: /^Last name/ }).fill("Manager");
  const manager = uniqueEmail("manager");
  await dialog.getByRole("textbox", { name: /^Email address/ }).fill(manager);
  await dialog.getByRole("button", { name: "Turn on" }).click();
  const addressField = dialog.getByRole("textbox", { name: /^Address of the link/ });
  await expect(addressField).toHaveValue(/\/d\/[A-Za-z0-9_-]{32}$/);
  const address = await addressField.inputValue();

  // Two visitors at once.
  const [first, second] = await Promise.all([
    visit(browser, address, true),
    visit(browser, address, false),
  ]);
  expect(first).not.toBe(second);

  // The manager chosen for the link's other role signs both envelopes; each is then sealed, and its
  // PDF passes pdfsig.
  await Promise.all(
    [1, 2].map(async (count) => {
      const signing = await openAsRecipient(browser, manager, count);
      await signAs(signing, "Max Manager");
      await signing.context().close();
    }),
  );
  const api = apiClientAs(owner);
  const folder = await mkdtemp(join(tmpdir(), "paraphe-direct-link-"));
  try {
    for (const envelopeUuid of [first, second]) {
      await expect
        .poll(async () => (await api.envelope.get({ envelopeUuid })).status, { timeout: 60_000 })
        .toBe("complete");
      const sealed = await api.envelope.download({ envelopeUuid, kind: "sealed" });
      const file = join(folder, `${envelopeUuid}.pdf`);
      await writeFile(file, Buffer.from(sealed.data, "base64"));
      const sig = (await run("pdfsig", [file])).stdout;
      expect(sig).toContain("Signature is Valid");
      // Sealed at PAdES B-LTA: the seal covers the file up to its validation data, which a
      // document timestamp (the suite's timestamp authority) covers in turn.
      expect(sig).toContain("Signature Field Name: Paraphe archival timestamp");
    }
  } finally {
    api.tunnel.destroy();
    await rm(folder, { recursive: true, force: true });
  }

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
