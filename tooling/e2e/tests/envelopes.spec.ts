import { execFile } from "node:child_process";
import { mkdtemp, readdir, rename } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
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
  mailTo,
  signUpWithTeam,
  uniqueEmail,
  waitForMail,
} from "./support";

const run = promisify(execFile);

for (const language of ["en", "fr"] as const) {
  test(`a sender sends to two signers in order; one draws, one types; the sealed PDF and the proof pass pdfsig and qpdf (${language})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const t = SIGNING[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const sender = await signUpWithTeam(page, { language });
    const first = { email: uniqueEmail("signer-one"), firstname: "Grace", lastname: "Hopper" };
    const second = { email: uniqueEmail("signer-two"), firstname: "Émile", lastname: "Ñúñez" };
    const viewUrl = await prepareAndSend(page, [first, second], { language });
    await keepScreenshot(page, testInfo, `envelope-view-sent-${language}`);

    // Only the first signer is invited at first (sequential order).
    const one = await openAsRecipient(
      browser,
      first.email,
      1,
      language === "fr" ? "fr" : undefined,
    );
    expect(await mailTo(second.email)).toHaveLength(0);
    // On a 390 × 844 phone the second page's preview loads ahead, hidden under the bottom bar:
    // it is not read until it was on screen.
    await expect(one.locator('[data-page="1"][data-loaded]')).toBeAttached({ timeout: 15_000 });
    await expect(one.getByText(t.anyRead)).toBeVisible();
    await expect(one.getByText(t.read(2))).toHaveCount(0);
    await readEveryPage(one, language);
    // The signature zone on the page opens the pad, as the bar's Sign button does.
    await one.getByRole("button", { name: t.signatureZone }).click();
    await one.getByRole("tab", { name: t.draw }).click();
    const pad = one.getByRole("img", { name: t.pad }).or(one.getByLabel(t.pad));
    const box = (await pad.first().boundingBox())!;
    await one.mouse.move(box.x + 20, box.y + box.height / 2);
    await one.mouse.down();
    for (let x = 20; x < box.width - 20; x += 12) {
      await one.mouse.move(box.x + x, box.y + box.height / 2 + Math.sin(x / 15) * 20);
    }
    await one.mouse.up();
    await keepScreenshot(one, testInfo, `signer-draws-390-${language}`);
    await expectAccessible(one, `signature dialog, drawing (${language}, 390 px)`);
    await swipe(one, language);
    await one.waitForURL(/\/confirmation/);

    // Then the second, who types.
    const two = await openAsRecipient(
      browser,
      second.email,
      1,
      language === "fr" ? "fr" : undefined,
    );
    await readEveryPage(two, language);
    // The first signer's signature is drawn on the page the second one reads, read-only.
    await expect(two.getByRole("img", { name: t.signatureOf("Grace Hopper") })).toBeAttached();
    await two.getByRole("button", { name: t.sign, exact: true }).click();
    await two.getByRole("tab", { name: t.type }).click();
    await two.getByRole("textbox", { name: t.typedName }).fill("Émile Ñúñez");
    await swipe(two, language);
    await two.waitForURL(/\/confirmation/);

    // The sender sees it complete once sealed, and downloads both files.
    await openWhenComplete(page, sender, viewUrl);
    await expect(page.getByRole("button", { name: t.downloadSealed })).toBeVisible({
      timeout: 15_000,
    });
    // Everyone signed: no invitation is offered again.
    await expect(
      page.getByRole("button", { name: /^(Resend the invitation to|Renvoyer l’invitation à) / }),
    ).toHaveCount(0);
    const dir = await mkdtemp(join(tmpdir(), "paraphe-e2e-"));
    for (const [name, label] of [
      ["sealed.pdf", t.downloadSealed],
      ["proof.pdf", t.downloadProof],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: label }).click(),
      ]);
      const file = join(dir, name);
      await download.saveAs(file);
      const sig = await run("pdfsig", [file]).then((r) => r.stdout);
      expect(sig).toContain("Signature is Valid");
      // Sealed at PAdES B-LTA: the seal covers the file up to its validation data, which a
      // document timestamp (the suite's timestamp authority) covers in turn.
      expect(sig).toContain("Signature Field Name: Paraphe archival timestamp");
      await run("qpdf", ["--check", file]);
    }
    await keepScreenshot(page, testInfo, `envelope-view-complete-${language}`);
    await expectAccessible(page, `envelope view, completed (${language})`);
  });
}

test("a signer declines with a reason, in French, and the sender sees it declined", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page, { language: "fr", firstname: "Zoë" });
  const signer = { email: uniqueEmail("decliner"), firstname: "Jeanne", lastname: "Bézier" };
  const viewUrl = await prepareAndSend(page, [signer], { language: "fr", sequential: false });

  const recipient = await openAsRecipient(browser, signer.email, 1, "fr");
  await recipient.getByRole("button", { name: "Refuser", exact: true }).click();
  const dialog = recipient.getByRole("dialog", { name: "Refuser de signer" });
  await dialog.getByRole("button", { name: "Refuser", exact: true }).click();
  await expect(dialog.getByText("Veuillez indiquer un motif.")).toBeVisible();
  await expectAccessible(recipient, "decline dialog with an error (fr)");
  await dialog
    .getByRole("textbox", { name: "Motif" })
    .fill("Le montant ne correspond pas au devis.");
  await dialog.getByRole("button", { name: "Refuser", exact: true }).click();
  await expect(
    recipient.getByRole("heading", { name: "Vous avez refusé ce document" }),
  ).toBeVisible();
  await keepScreenshot(recipient, testInfo, "signer-declined-fr");
  await expectAccessible(recipient, "declined (fr)");

  await page.goto(viewUrl);
  await expect(page.getByText("Refusé").first()).toBeVisible();
  await expect(page.getByText("Le montant ne correspond pas au devis.").first()).toBeVisible();
});

test("a sender cancels with a required reason; the signer is told and can no longer sign", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page);
  const signer = { email: uniqueEmail("canceled"), firstname: "Alan", lastname: "Turing" };
  const viewUrl = await prepareAndSend(page, [signer], { sequential: false });

  await page.goto(viewUrl);
  await page.getByRole("button", { name: "Cancel the signature request" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel the signature request?" });
  const confirm = dialog.getByRole("button", { name: "Cancel the request" });
  await dialog.getByRole("textbox", { name: "Reason" }).fill("x".repeat(520));
  await expect(dialog.getByRole("textbox", { name: "Reason" })).toHaveValue("x".repeat(499));
  await dialog.getByRole("textbox", { name: "Reason" }).fill("Sent to the wrong person.");
  await expectAccessible(page, "cancel dialog");
  await confirm.click();
  await expect(page.getByText("Canceled").first()).toBeVisible();

  // The signer is mailed (the invitation, then the cancellation), and the link shows it is over.
  await waitForMail(signer.email, 2, 30_000);
  const recipient = await openAsRecipient(browser, signer.email);
  await expect(recipient.getByText("This document was canceled")).toBeVisible();
  await expectAccessible(recipient, "signing link of a canceled envelope");
});

test("a seal that keeps failing shows the sender its error; Retry sealing completes the envelope", async ({
  page,
  browser,
}, testInfo) => {
  // Five failed attempts with the api's backoff (1, 2, 4 and 8 s: JOB_RETRY_SECONDS in the
  // Playwright configuration) before the job gives up.
  test.setTimeout(180_000);
  const t = SIGNING.en;
  await page.setViewportSize({ width: 1280, height: 900 });
  const sender = await signUpWithTeam(page);
  const signer = { email: uniqueEmail("sealing"), firstname: "Ada", lastname: "Lovelace" };
  const viewUrl = await prepareAndSend(page, [signer]);
  const envelopeUuid = /\/envelopes\/[0-9a-f-]+\/([0-9a-f-]+)\/view$/.exec(viewUrl)?.[1] ?? "";
  const one = await openAsRecipient(browser, signer.email);
  await readEveryPage(one);
  // Once the pages are read (their previews drawn from the original), the original PDF goes
  // missing from the blob store: every seal attempt fails.
  const envelopeDir = resolve(import.meta.dirname, "../.cache/data/blobs/envelopes", envelopeUuid);
  const original = (await readdir(envelopeDir, { recursive: true })).find((file) =>
    file.endsWith("original.pdf.blob"),
  );
  if (original === undefined) throw new Error(`no original PDF under ${envelopeDir}`);
  const stored = join(envelopeDir, original);
  await rename(stored, `${stored}.away`);

  await one.getByRole("button", { name: t.sign, exact: true }).click();
  await one.getByRole("tab", { name: t.type }).click();
  await one.getByRole("textbox", { name: t.typedName }).fill("Ada Lovelace");
  await swipe(one);
  await one.waitForURL(/\/confirmation/);

  await page.goto(viewUrl);
  const alert = page.getByRole("alert").filter({ hasText: "could not be sealed" });
  await expect(async () => {
    await page.reload();
    await expect(alert).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await keepScreenshot(page, testInfo, "envelope-view-sealing-failed");
  await expectAccessible(page, "envelope view with a sealing failure");

  await rename(`${stored}.away`, stored);
  await alert.getByRole("button", { name: "Retry sealing" }).click();
  await expect(page.getByText("Sealing started again.")).toBeVisible();
  await openWhenComplete(page, sender, viewUrl);
  await expect(page.getByRole("button", { name: t.downloadSealed })).toBeVisible({
    timeout: 15_000,
  });
  await expect(alert).toBeHidden();
});

test("Resend is offered only to recipients already invited, and a refused resend says what changed", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page);
  const first = { email: uniqueEmail("resend-one"), firstname: "Grace", lastname: "Hopper" };
  const second = { email: uniqueEmail("resend-two"), firstname: "Emmy", lastname: "Noether" };
  const viewUrl = await prepareAndSend(page, [first, second]);
  const resendFirst = page.getByRole("button", { name: "Resend the invitation to Grace Hopper" });
  await expect(resendFirst).toBeVisible();
  // The second signer is invited when it is their turn: nothing to send again yet.
  await expect(
    page.getByRole("button", { name: "Resend the invitation to Emmy Noether" }),
  ).toHaveCount(0);

  // The sender opens the resend, while another tab cancels the envelope.
  await resendFirst.click();
  const resend = page
    .locator('[role="dialog"], [role="alertdialog"]')
    .filter({ hasText: "Resend the invitation?" });
  await expect(resend).toBeVisible();
  const other = await page.context().newPage();
  await other.goto(viewUrl);
  await other.getByRole("button", { name: "Cancel the signature request" }).click();
  const cancel = other
    .locator('[role="dialog"], [role="alertdialog"]')
    .filter({ hasText: "Cancel the signature request?" });
  const reason = cancel.getByRole("textbox");
  if ((await reason.count()) > 0) await reason.first().fill("Wrong file");
  await cancel.getByRole("button", { name: "Cancel the request" }).click();
  await expect(other.getByText("The signature request has been canceled.")).toBeVisible();
  await other.close();

  await resend.getByRole("button", { name: "Resend the invitation" }).click();
  await expect(
    page.getByText("This envelope is no longer being signed: reload it to see where it stands."),
  ).toBeVisible();
  await expect(page.getByText(/Reload the page and try again/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: /^Resend the invitation to / })).toHaveCount(0);
});
