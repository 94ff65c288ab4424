import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  keepScreenshot,
  signUpWithTeam,
  uniqueEmail,
  waitForMail,
  type ReceivedMail,
} from "./support";

const run = promisify(execFile);
const AGREEMENT = resolve(import.meta.dirname, "../fixtures/agreement-2-pages.pdf");

/** The signing link of an invitation mail (its secret travels in the fragment). */
function signingLinkOf(mail: ReceivedMail): string {
  const match = /(http:\/\/localhost:5174\/sign\/[0-9a-f-]+#[^\s"<>]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no signing link in "${mail.subject}"`);
  return match[1];
}

interface Recipient {
  email: string;
  firstname: string;
  lastname: string;
}

async function prepareAndSend(page: Page, recipients: Recipient[]): Promise<string> {
  await page.goto("/envelopes");
  await page.getByRole("button", { name: "Upload" }).first().click();
  await page.locator('input[type="file"]').setInputFiles(AGREEMENT);
  await page.getByRole("button", { name: "Upload and prepare" }).click();
  await page.waitForURL(/\/envelopes\/[0-9a-f-]+\/[0-9a-f-]+\/edit$/);

  for (const recipient of recipients) {
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Email address" }).fill(recipient.email);
    await dialog.getByRole("textbox", { name: "First name" }).fill(recipient.firstname);
    await dialog.getByRole("textbox", { name: "Last name" }).fill(recipient.lastname);
    await dialog.getByRole("button", { name: "Add the recipient" }).click();
    await expect(dialog).toBeHidden();
  }
  await page.getByText("One after another").click();

  // One signature field per recipient, each on its own page.
  for (const [index, recipient] of recipients.entries()) {
    await page
      .getByRole("button", {
        name: `Place fields for ${recipient.firstname} ${recipient.lastname}`,
      })
      .click();
    await page.getByRole("button", { name: "Signature", exact: true }).click();
    const pageSurface = page.getByRole("button", {
      name: new RegExp(`Place the field on .*page ${index + 1} of 2`),
    });
    await pageSurface.click({ position: { x: 120, y: 420 } });
  }
  await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.waitForURL(/\/view$/);
  return page.url();
}

async function openAsRecipient(browser: Browser, email: string, count = 1): Promise<Page> {
  const mail = await waitForMail(email, count, 30_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(signingLinkOf(mail));
  return page;
}

async function readEveryPage(page: Page): Promise<void> {
  await expect(
    page.getByText("Pages read 0 / 2").or(page.getByText(/Pages read \d \/ 2/)),
  ).toBeVisible();
  for (let i = 0; i < 8; i += 1) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(250);
  }
  await expect(page.getByText("Pages read 2 / 2")).toBeVisible({ timeout: 15_000 });
}

async function swipe(page: Page): Promise<void> {
  const slider = page.getByRole("slider", { name: "Swipe to sign" });
  await slider.focus();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter").catch(() => undefined);
}

test("a sender sends to two signers in order; one draws, one types; the sealed PDF and the proof pass pdfsig and qpdf", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page);
  const first = { email: uniqueEmail("signer-one"), firstname: "Grace", lastname: "Hopper" };
  const second = { email: uniqueEmail("signer-two"), firstname: "Émile", lastname: "Ñúñez" };
  const viewUrl = await prepareAndSend(page, [first, second]);
  await keepScreenshot(page, testInfo, "envelope-view-sent");

  // Only the first signer is invited at first (sequential order).
  const one = await openAsRecipient(browser, first.email);
  expect((await waitForMail(second.email, 1, 1_000).catch(() => null)) === null).toBe(true);
  await readEveryPage(one);
  await one.getByRole("button", { name: "Sign", exact: true }).click();
  await one.getByRole("tab", { name: "Draw" }).click();
  const pad = one
    .getByRole("img", { name: "Signature drawing area" })
    .or(one.getByLabel("Signature drawing area"));
  const box = (await pad.first().boundingBox())!;
  await one.mouse.move(box.x + 20, box.y + box.height / 2);
  await one.mouse.down();
  for (let x = 20; x < box.width - 20; x += 12) {
    await one.mouse.move(box.x + x, box.y + box.height / 2 + Math.sin(x / 15) * 20);
  }
  await one.mouse.up();
  await keepScreenshot(one, testInfo, "signer-draws-390");
  await swipe(one);
  await one.waitForURL(/\/confirmation/);

  // Then the second, who types.
  const two = await openAsRecipient(browser, second.email);
  await readEveryPage(two);
  await two.getByRole("button", { name: "Sign", exact: true }).click();
  await two.getByRole("tab", { name: "Type" }).click();
  await two.getByRole("textbox", { name: "Full name" }).fill("Émile Ñúñez");
  await swipe(two);
  await two.waitForURL(/\/confirmation/);

  // The sender sees it complete once sealed, and downloads both files.
  await page.goto(viewUrl);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Complete").first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const dir = await mkdtemp(join(tmpdir(), "paraphe-e2e-"));
  for (const [name, label] of [
    ["sealed.pdf", "Download the signed PDF"],
    ["proof.pdf", "Download the audit-log proof"],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: label }).click(),
    ]);
    const file = join(dir, name);
    await download.saveAs(file);
    const sig = await run("pdfsig", [file]).then((r) => r.stdout);
    expect(sig).toContain("Signature is Valid");
    expect(sig).toContain("Total document signed");
    await run("qpdf", ["--check", file]);
  }
  await keepScreenshot(page, testInfo, "envelope-view-complete");
  await writeFile(join(dir, "done"), "");
});
