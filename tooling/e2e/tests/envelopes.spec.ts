import { execFile } from "node:child_process";
import { mkdtemp, readdir, rename } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  keepScreenshot,
  mailTo,
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

const EDITOR = {
  en: {
    upload: "Upload",
    uploadSubmit: "Upload and prepare",
    add: "Add",
    email: "Email address",
    firstname: "First name",
    lastname: "Last name",
    addRecipient: "Add the recipient",
    sequential: "One after another",
    placeFor: (name: string) => `Place fields for ${name}`,
    signature: "Signature",
    placeOn: (page: number) => new RegExp(`Place the field on .*page ${page} of 2`),
    saved: "All changes saved",
    send: "Send",
  },
  fr: {
    upload: "Importer",
    uploadSubmit: "Importer et préparer",
    add: "Ajouter",
    email: "Adresse e-mail",
    firstname: "Prénom",
    lastname: "Nom",
    addRecipient: "Ajouter le destinataire",
    sequential: "L’un après l’autre",
    placeFor: (name: string) => `Placer des champs pour ${name}`,
    signature: "Signature",
    placeOn: (page: number) => new RegExp(`Placer le champ sur .*page ${page} sur 2`),
    saved: "Toutes les modifications sont enregistrées",
    send: "Envoyer",
  },
} as const;

async function prepareAndSend(
  page: Page,
  recipients: Recipient[],
  { language = "en", sequential = true }: { language?: "en" | "fr"; sequential?: boolean } = {},
): Promise<string> {
  const t = EDITOR[language];
  await page.goto("/envelopes");
  await page.getByRole("button", { name: t.upload }).first().click();
  await page.locator('input[type="file"]').setInputFiles(AGREEMENT);
  await page.getByRole("button", { name: t.uploadSubmit }).click();
  await page.waitForURL(/\/envelopes\/[0-9a-f-]+\/[0-9a-f-]+\/edit$/);

  for (const recipient of recipients) {
    await page.getByRole("button", { name: t.add, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: t.email, exact: true }).fill(recipient.email);
    await dialog.getByRole("textbox", { name: t.firstname, exact: true }).fill(recipient.firstname);
    await dialog.getByRole("textbox", { name: t.lastname, exact: true }).fill(recipient.lastname);
    await dialog.getByRole("button", { name: t.addRecipient }).click();
    await expect(dialog).toBeHidden();
  }
  if (sequential) await page.getByText(t.sequential).click();

  // One signature field per recipient, each on its own page.
  for (const [index, recipient] of recipients.entries()) {
    await page
      .getByRole("button", { name: t.placeFor(`${recipient.firstname} ${recipient.lastname}`) })
      .click();
    await page.getByRole("button", { name: t.signature, exact: true }).click();
    await page
      .getByRole("button", { name: t.placeOn((index % 2) + 1) })
      .click({ position: { x: 120, y: 420 } });
  }
  await expect(page.getByText(t.saved)).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: t.send, exact: true }).click();
  await page.waitForURL(/\/view$/);
  return page.url();
}

async function openAsRecipient(
  browser: Browser,
  email: string,
  count = 1,
  language?: "fr",
): Promise<Page> {
  const mail = await waitForMail(email, count, 30_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  const link = signingLinkOf(mail);
  await page.goto(language ? link.replace("#", `?lng=${language}#`) : link);
  return page;
}

const SIGNING = {
  en: {
    read: (n: number) => `Pages read ${n} / 2`,
    anyRead: /Pages read \d \/ 2/,
    sign: "Sign",
    draw: "Draw",
    type: "Type",
    pad: "Signature drawing area",
    typedName: "Full name",
    swipe: "Swipe to sign",
    downloadSealed: "Download the signed PDF",
    downloadProof: "Download the audit-log proof",
  },
  fr: {
    read: (n: number) => `Pages lues ${n} / 2`,
    anyRead: /Pages lues \d \/ 2/,
    sign: "Signer",
    draw: "Dessiner",
    type: "Saisir",
    pad: "Zone de dessin de la signature",
    typedName: "Nom complet",
    swipe: "Glisser pour signer",
    downloadSealed: "Télécharger le PDF signé",
    downloadProof: "Télécharger la preuve (journal d’audit)",
  },
} as const;

async function readEveryPage(page: Page, language: "en" | "fr" = "en"): Promise<void> {
  const t = SIGNING[language];
  await expect(page.getByText(t.anyRead)).toBeVisible();
  for (let i = 0; i < 8; i += 1) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(250);
  }
  await expect(page.getByText(t.read(2))).toBeVisible({ timeout: 15_000 });
}

async function swipe(page: Page, language: "en" | "fr" = "en"): Promise<void> {
  const slider = page.getByRole("slider", { name: SIGNING[language].swipe });
  await slider.focus();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter").catch(() => undefined);
}

for (const language of ["en", "fr"] as const) {
  test(`a sender sends to two signers in order; one draws, one types; the sealed PDF and the proof pass pdfsig and qpdf (${language})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const t = SIGNING[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpWithTeam(page, { language });
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
    await readEveryPage(one, language);
    await one.getByRole("button", { name: t.sign, exact: true }).click();
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
    await two.getByRole("button", { name: t.sign, exact: true }).click();
    await two.getByRole("tab", { name: t.type }).click();
    await two.getByRole("textbox", { name: t.typedName }).fill("Émile Ñúñez");
    await swipe(two, language);
    await two.waitForURL(/\/confirmation/);

    // The sender sees it complete once sealed, and downloads both files.
    await page.goto(viewUrl);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("button", { name: t.downloadSealed })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 90_000 });
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
      expect(sig).toContain("Total document signed");
      await run("qpdf", ["--check", file]);
    }
    await keepScreenshot(page, testInfo, `envelope-view-complete-${language}`);
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
  await dialog
    .getByRole("textbox", { name: "Motif" })
    .fill("Le montant ne correspond pas au devis.");
  await dialog.getByRole("button", { name: "Refuser", exact: true }).click();
  await expect(
    recipient.getByRole("heading", { name: "Vous avez refusé ce document" }),
  ).toBeVisible();
  await keepScreenshot(recipient, testInfo, "signer-declined-fr");

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
  await confirm.click();
  await expect(page.getByText("Canceled").first()).toBeVisible();

  // The signer is mailed (the invitation, then the cancellation), and the link shows it is over.
  await waitForMail(signer.email, 2, 30_000);
  const recipient = await openAsRecipient(browser, signer.email);
  await expect(recipient.getByText("This document was canceled")).toBeVisible();
});

test("a seal that keeps failing shows the sender its error; Retry sealing completes the envelope", async ({
  page,
  browser,
}, testInfo) => {
  // Five failed attempts with the api's backoff (5, 10, 20 and 40 s) before the job gives up.
  test.setTimeout(300_000);
  const t = SIGNING.en;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page);
  const signer = { email: uniqueEmail("sealing"), firstname: "Ada", lastname: "Lovelace" };
  const viewUrl = await prepareAndSend(page, [signer]);
  const envelopeUuid = /\/envelopes\/[0-9a-f-]+\/([0-9a-f-]+)\/view$/.exec(viewUrl)?.[1] ?? "";
  // The original PDF goes missing from the blob store: every seal attempt fails.
  const envelopeDir = resolve(import.meta.dirname, "../.cache/data/blobs/envelopes", envelopeUuid);
  const original = (await readdir(envelopeDir, { recursive: true })).find((file) =>
    file.endsWith("original.pdf.blob"),
  );
  if (original === undefined) throw new Error(`no original PDF under ${envelopeDir}`);
  const stored = join(envelopeDir, original);
  await rename(stored, `${stored}.away`);

  const one = await openAsRecipient(browser, signer.email);
  await readEveryPage(one);
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
  }).toPass({ timeout: 150_000 });
  await keepScreenshot(page, testInfo, "envelope-view-sealing-failed");

  await rename(`${stored}.away`, stored);
  await alert.getByRole("button", { name: "Retry sealing" }).click();
  await expect(page.getByText("Sealing started again.")).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("button", { name: t.downloadSealed })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(alert).toBeHidden();
});
