import { resolve } from "node:path";
import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { mailTo, waitForMail, type ReceivedMail } from "./support";

// The envelope flow of the browser tests, step by step: the sender prepares and sends, a signer
// opens the link, reads every page and swipes to sign.

export const AGREEMENT = resolve(import.meta.dirname, "../fixtures/agreement-2-pages.pdf");

/** The signing link of an invitation mail (its secret travels in the fragment). */
export function signingLinkOf(mail: ReceivedMail): string {
  const match = /(http:\/\/localhost:5174\/sign\/[0-9a-f-]+#[^\s"<>]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no signing link in "${mail.subject}"`);
  return match[1];
}

/**
 * Opens the envelope list, uploads the two-page agreement from its upload dialog and waits for the
 * editor. The button is clicked once the list has loaded (its toolbar no longer changing), and again
 * if the dialog did not open, so that a click landing while the page still lays out does not leave
 * the test waiting for a file input that never comes; the dialog must open within the retries.
 */
export async function uploadAgreement(page: Page, language: "en" | "fr" = "en"): Promise<void> {
  const t = EDITOR[language];
  await page.goto("/envelopes");
  // The first list of a new team may take seconds on a busy machine.
  await expect(page.getByRole("tabpanel")).toHaveAttribute("aria-busy", "false", {
    timeout: 30_000,
  });
  const dialog = page.getByRole("dialog");
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await page.getByRole("button", { name: t.upload }).first().click();
    await expect(dialog.locator('input[type="file"]')).toBeAttached({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.locator('input[type="file"]').setInputFiles(AGREEMENT);
  await dialog.getByRole("button", { name: t.uploadSubmit }).click();
  await page.waitForURL(/\/envelopes\/[0-9a-f-]+\/[0-9a-f-]+\/edit$/);
}

export interface Recipient {
  email: string;
  firstname: string;
  lastname: string;
}

export const EDITOR = {
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

export async function prepareAndSend(
  page: Page,
  recipients: Recipient[],
  {
    language = "en",
    sequential = true,
    beforeSend,
    recipientDetails,
  }: {
    language?: "en" | "fr";
    sequential?: boolean;
    /** Runs in the editor once the signature fields are placed, before the envelope is sent. */
    beforeSend?: (page: Page) => Promise<void>;
    /** Runs in each recipient's dialog once the names are typed, before the recipient is added. */
    recipientDetails?: (dialog: Locator, recipient: Recipient, index: number) => Promise<void>;
  } = {},
): Promise<string> {
  const t = EDITOR[language];
  await uploadAgreement(page, language);

  for (const [index, recipient] of recipients.entries()) {
    await page.getByRole("button", { name: t.add, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: t.email, exact: true }).fill(recipient.email);
    await dialog.getByRole("textbox", { name: t.firstname, exact: true }).fill(recipient.firstname);
    await dialog.getByRole("textbox", { name: t.lastname, exact: true }).fill(recipient.lastname);
    await recipientDetails?.(dialog, recipient, index);
    await dialog.getByRole("button", { name: t.addRecipient }).click();
    // Just after the upload the api is drawing the page previews: the save may take a while.
    await expect(dialog).toBeHidden({ timeout: 30_000 });
  }
  if (sequential) await page.getByText(t.sequential, { exact: true }).click();

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
  await beforeSend?.(page);
  await expect(page.getByText(t.saved)).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: t.send, exact: true }).click();
  await page.waitForURL(/\/view$/);
  return page.url();
}

/**
 * Opens the signing link of the `count`-th mail to `email` in a new phone-sized context;
 * `prepareContext` runs on the context before the page opens (init scripts, bindings).
 */
export async function openAsRecipient(
  browser: Browser,
  email: string,
  count = 1,
  language?: "fr",
  prepareContext?: (context: BrowserContext) => Promise<void>,
): Promise<Page> {
  const mail = await waitForMail(email, count, 30_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  await prepareContext?.(context);
  const page = await context.newPage();
  const link = signingLinkOf(mail);
  await page.goto(language ? link.replace("#", `?lng=${language}#`) : link);
  return page;
}

/** The subject of the mail that tells a sender their envelope is complete (en, fr). */
const COMPLETED_SUBJECT = /(is signed by everyone|est signé par tous)$/;

/**
 * Opens `viewUrl`, an envelope's view, once the envelope is sealed and complete: the mail that
 * tells its sender so (with a link to that view) leaves in the transaction that completes it.
 * The test mail server is asked for it every quarter second, instead of the page being reloaded
 * until the sealed files show (each reload loads the app again on the cores that seal).
 */
export async function openWhenComplete(
  page: Page,
  senderEmail: string,
  viewUrl: string,
): Promise<void> {
  const view = new URL(viewUrl).pathname;
  await expect
    .poll(
      async () =>
        (await mailTo(senderEmail)).some(
          (mail) => COMPLETED_SUBJECT.test(mail.subject) && mail.text.includes(view),
        ),
      { intervals: [250], timeout: 90_000, message: `the completion mail of ${view}` },
    )
    .toBe(true);
  await page.goto(viewUrl);
}

export const SIGNING = {
  en: {
    read: (n: number) => `Pages read ${n} / 2`,
    anyRead: /Pages read \d \/ 2/,
    sign: "Sign",
    signatureZone: /^Signature \(required\)$/,
    signatureOf: (name: string) => `Signature of ${name}`,
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
    signatureZone: /^Signature \(obligatoire\)$/,
    signatureOf: (name: string) => `Signature de ${name}`,
    draw: "Dessiner",
    type: "Saisir",
    pad: "Zone de dessin de la signature",
    typedName: "Nom complet",
    swipe: "Glisser pour signer",
    downloadSealed: "Télécharger le PDF signé",
    downloadProof: "Télécharger la preuve (journal d’audit)",
  },
} as const;

export async function readEveryPage(page: Page, language: "en" | "fr" = "en"): Promise<void> {
  const t = SIGNING[language];
  await expect(page.getByText(t.anyRead)).toBeVisible();
  // Scroll on, as a person does, until the page counts every page as read: a page is read once
  // most of it passed through the part of the screen the bottom bar leaves, so each step moves
  // less than that part's height (a jump of a whole screen would skip over part of a page). Only
  // what was on screen once a page's preview showed counts: at the bottom with a page still
  // unread (its preview came after it scrolled by), the signer goes back to the top and reads on.
  await expect(async () => {
    await page.mouse.wheel(0, (await atBottom(page)) ? -100_000 : 350);
    await expect(page.getByText(t.read(2))).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

/** True when the window cannot scroll further down. */
export async function atBottom(page: Page): Promise<boolean> {
  return page.evaluate(
    () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
  );
}

/**
 * The first invitation to `email`, opened on a phone: every page read, `before` run, the name
 * typed as the signature and swiped; the signer's context is closed once the signature is confirmed.
 */
export async function signByTyping(
  browser: Browser,
  email: string,
  name: string,
  before?: (page: Page) => Promise<void>,
): Promise<void> {
  const signing = await openAsRecipient(browser, email, 1);
  await readEveryPage(signing);
  await before?.(signing);
  await signing.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await signing.getByRole("tab", { name: SIGNING.en.type }).click();
  await signing.getByRole("textbox", { name: SIGNING.en.typedName }).fill(name);
  await swipe(signing);
  await signing.waitForURL(/\/confirmation/);
  await signing.context().close();
}

/**
 * Swipes to sign from the keyboard: the slider's End confirms at once. No other key follows: it
 * would land on whatever has the focus once the pad closes (at QES, the qualified step's first
 * button, its Cancel).
 */
export async function swipe(page: Page, language: "en" | "fr" = "en"): Promise<void> {
  const slider = page.getByRole("slider", { name: SIGNING[language].swipe });
  await slider.focus();
  await page.keyboard.press("End");
}
