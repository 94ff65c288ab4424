import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { APPROVING, sendWithApprovers } from "./approver-flow";
import { openAsRecipient, openWhenComplete, readEveryPage, SIGNING, swipe } from "./envelope-flow";
import { expectAccessible, keepScreenshot, mailTo, signUpWithTeam, uniqueEmail } from "./support";

const run = promisify(execFile);

test("an approver approves on a phone in French, then the signer signs; the sealed PDF passes pdfsig", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const sender = await signUpWithTeam(page);
  const approver = {
    email: uniqueEmail("approver"),
    firstname: "Alan",
    lastname: "Turing",
    role: "approver" as const,
  };
  const signer = {
    email: uniqueEmail("signer"),
    firstname: "Grace",
    lastname: "Hopper",
    role: "signer" as const,
  };
  const viewUrl = await sendWithApprovers(page, [approver, signer]);
  await expect(page.getByText("Awaiting approval").first()).toBeVisible();

  // Only the approver is invited while the envelope is being approved.
  const fr = APPROVING.fr;
  const approving = await openAsRecipient(browser, approver.email, 1, "fr");
  expect(await mailTo(signer.email)).toHaveLength(0);
  await expect(approving.getByText(fr.notice)).toBeVisible();
  const approve = approving.getByRole("button", { name: fr.approve, exact: true });
  await expectAccessible(approving, "approver's signing page (fr, 390 px)");
  await readEveryPage(approving, "fr");
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(approving.getByRole("heading", { name: fr.approved })).toBeVisible();
  await keepScreenshot(approving, testInfo, "approver-approved-390-fr");
  await expectAccessible(approving, "approved (fr, 390 px)");

  // Then the signer is invited and signs.
  const signing = await openAsRecipient(browser, signer.email, 1);
  await readEveryPage(signing);
  await signing.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await signing.getByRole("tab", { name: SIGNING.en.type }).click();
  await signing.getByRole("textbox", { name: SIGNING.en.typedName }).fill("Grace Hopper");
  await swipe(signing);
  await signing.waitForURL(/\/confirmation/);

  await openWhenComplete(page, sender, viewUrl);
  await expect(page.getByRole("button", { name: SIGNING.en.downloadSealed })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText("Approved").first()).toBeVisible();
  await expect(page.getByText("Document approved").first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: SIGNING.en.downloadSealed }).click(),
  ]);
  const file = join(await mkdtemp(join(tmpdir(), "paraphe-e2e-")), "sealed.pdf");
  await download.saveAs(file);
  const sig = await run("pdfsig", [file]).then((result) => result.stdout);
  expect(sig).toContain("Signature is Valid");
  // Sealed at PAdES B-LTA: the seal covers the file up to its validation data, which a
  // document timestamp (the suite's timestamp authority) covers in turn.
  expect(sig).toContain("Signature Field Name: Paraphe archival timestamp");
  await keepScreenshot(page, testInfo, "envelope-view-approved-and-signed");
});

test("an approver's rejection declines the envelope", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signUpWithTeam(page);
  const approver = {
    email: uniqueEmail("rejecter"),
    firstname: "Alan",
    lastname: "Turing",
    role: "approver" as const,
  };
  const signer = {
    email: uniqueEmail("signer"),
    firstname: "Grace",
    lastname: "Hopper",
    role: "signer" as const,
  };
  const viewUrl = await sendWithApprovers(page, [approver, signer]);

  const en = APPROVING.en;
  const approving = await openAsRecipient(browser, approver.email);
  await approving.getByRole("button", { name: en.reject, exact: true }).click();
  const dialog = approving.getByRole("dialog", { name: en.rejectDialog });
  await dialog.getByRole("textbox", { name: en.reason }).fill("The figures are wrong.");
  await expectAccessible(approving, "reject dialog (en, 390 px)");
  await dialog.getByRole("button", { name: en.reject, exact: true }).click();
  await expect(approving.getByRole("heading", { name: en.rejected })).toBeVisible();
  await keepScreenshot(approving, testInfo, "approver-rejected-390-en");

  // The sender is told, as on a decline; the signer, never invited, is not.
  await expect
    .poll(async () => (await mailTo(owner)).map((mail) => mail.subject).join("\n"), {
      timeout: 30_000,
    })
    .toMatch(/Alan Turing rejected/);
  await page.goto(viewUrl);
  await expect(page.getByText("Declined").first()).toBeVisible();
  await expect(page.getByText("The figures are wrong.").first()).toBeVisible();
  expect(await mailTo(signer.email)).toHaveLength(0);
});
