import { expect, test, type Page } from "@playwright/test";
import { EDITOR, openAsRecipient, prepareAndSend, readEveryPage, SIGNING } from "./envelope-flow";
import { keepScreenshot, signUpWithTeam, uniqueEmail } from "./support";

// The signing page's rough edges on a 390 px phone: a text field a few pixels tall on the page,
// the bottom bar's texts, the typed-signature styles, and what the page asks for after a decline.

const WORDS = {
  en: {
    textKind: "Text",
    textField: /^Text \(required\)$/,
    done: "Done",
    decline: "Decline",
    declineDialog: "Decline to sign",
    reason: "Reason",
    declined: "You declined this document",
    declinedBadge: "Declined",
  },
  fr: {
    textKind: "Texte",
    textField: /^Texte \(obligatoire\)$/,
    done: "Valider",
    decline: "Refuser",
    declineDialog: "Refuser de signer",
    reason: "Motif",
    declined: "Vous avez refusé ce document",
    declinedBadge: "Refusé",
  },
} as const;

const AMOUNT = "Réglé à 12 345,67 €";

/** Names with Latin Extended letters (breves, cedillas, strokes, carons, diaereses). */
const NAMES = ["Ayşe Yılmazoğlu Ğüneş", "Zoë Łukasiewicz", "Ðorđe Šćepanović"];

/** Whether each line of the bottom bar's texts fits on one line, uncut. */
async function barTextsFit(page: Page): Promise<{ text: string; fits: boolean }[]> {
  return page.locator("[data-covers-reading] p").evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      const lineHeight = Number.parseFloat(style.lineHeight);
      return {
        text: element.textContent ?? "",
        fits:
          element.scrollWidth <= element.clientWidth + 1 &&
          element.getBoundingClientRect().height <= lineHeight * 1.5,
      };
    }),
  );
}

for (const language of ["en", "fr"] as const) {
  test(`on a 390 px phone a text field opens a 44 px labelled input, shows its whole value, is not red before typing; the bar fits; every typed style draws accented names whole (${language})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const w = WORDS[language];
    const t = SIGNING[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpWithTeam(page, { language });
    const signer = { email: uniqueEmail("text-field"), firstname: "Zoë", lastname: "Lefèvre" };
    await prepareAndSend(page, [signer], {
      language,
      sequential: false,
      beforeSend: async (editor) => {
        await editor.getByRole("button", { name: w.textKind, exact: true }).click();
        await editor
          .getByRole("button", { name: EDITOR[language].placeOn(1) })
          .click({ position: { x: 120, y: 200 } });
      },
    });

    const one = await openAsRecipient(
      browser,
      signer.email,
      1,
      language === "fr" ? "fr" : undefined,
    );
    await expect(one.getByText(t.anyRead)).toBeVisible();
    for (const line of await barTextsFit(one))
      expect(line, line.text).toMatchObject({ fits: true });
    await readEveryPage(one, language);
    for (const line of await barTextsFit(one))
      expect(line, line.text).toMatchObject({ fits: true });

    // Required and empty, but the signer has not typed anything: not shown in error.
    const field = one.getByRole("button", { name: w.textField });
    await field.scrollIntoViewIfNeeded();
    await expect(field).not.toHaveAttribute("data-missing");
    // A tap a little above or below the field's box still reaches it (44 px tall at least).
    const box = (await field.boundingBox())!;
    const reached = await one.evaluate(
      ({ x, y }) => {
        const target = document.elementFromPoint(x, y);
        return target?.closest("[data-field-kind]")?.getAttribute("data-field-kind") ?? null;
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 + 20 },
    );
    expect(reached).toBe("text");

    await field.click();
    const sheet = one.getByRole("dialog");
    const input = sheet.getByRole("textbox");
    await expect(input).toBeFocused();
    const inputBox = (await input.boundingBox())!;
    expect(inputBox.height).toBeGreaterThanOrEqual(44);
    expect(inputBox.width).toBeGreaterThanOrEqual(300);
    await input.fill(AMOUNT);
    await keepScreenshot(one, testInfo, `text-field-sheet-390-${language}`);
    await sheet.getByRole("button", { name: w.done }).click();
    await expect(sheet).toBeHidden();

    // The whole value shows in the field's box.
    const value = field.locator("[data-field-value]");
    await expect(value).toHaveText(AMOUNT);
    await expect
      .poll(() => value.evaluate((element) => element.scrollWidth <= element.clientWidth + 1))
      .toBe(true);
    await keepScreenshot(one, testInfo, `text-field-filled-390-${language}`);
    // And on a desktop.
    await one.setViewportSize({ width: 1280, height: 900 });
    await expect
      .poll(() => value.evaluate((element) => element.scrollWidth <= element.clientWidth + 1))
      .toBe(true);
    for (const line of await barTextsFit(one))
      expect(line, line.text).toMatchObject({ fits: true });
    await keepScreenshot(one, testInfo, `text-field-filled-1280-${language}`);
    await one.setViewportSize({ width: 390, height: 844 });

    // Typed signatures: each style draws every character of these names, whole.
    await one.getByRole("button", { name: t.sign, exact: true }).click();
    await one.getByRole("tab", { name: t.type }).click();
    const previews = one.locator("img[data-typed-preview]");
    await expect(previews).toHaveCount(3);
    for (const name of NAMES) {
      const before = await previews.evaluateAll((images) =>
        images.map((image) => (image as HTMLImageElement).src),
      );
      await one.getByRole("textbox", { name: t.typedName }).fill(name);
      await expect
        .poll(async () =>
          previews.evaluateAll(
            (images, old) =>
              images.every(
                (image, index) =>
                  (image as HTMLImageElement).src !== old[index] &&
                  (image as HTMLImageElement).complete,
              ),
            before,
          ),
        )
        .toBe(true);
      const drawn = await previews.evaluateAll(async (images, text) => {
        const results = [];
        for (const element of images) {
          const image = element as HTMLImageElement;
          await image.decode();
          const canvas = document.createElement("canvas");
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext("2d")!;
          context.drawImage(image, 0, 0);
          const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
          let ink = 0;
          let onEdge = 0;
          for (let y = 0; y < height; y += 1) {
            for (let x = 0; x < width; x += 1) {
              if ((data[(y * width + x) * 4 + 3] ?? 0) < 16) continue;
              ink += 1;
              if (x < 3 || y < 3 || x >= width - 3 || y >= height - 3) onEdge += 1;
            }
          }
          const style = image.getAttribute("data-typed-preview") ?? "";
          results.push({ style, ink, onEdge, text });
        }
        return results;
      }, name);
      for (const result of drawn) {
        expect(result.ink, `${result.style}: ${name}`).toBeGreaterThan(500);
        expect(result.onEdge, `${result.style}: ${name} touches the image's edge`).toBe(0);
      }
      // Every character from each style's own font, none from a fallback: its width is the same
      // whatever generic family follows the style's.
      const coverage = await one.evaluate(async (text) => {
        const families = ["Dancing Script", "Caveat", "Great Vibes"];
        const missing: string[] = [];
        const context = document.createElement("canvas").getContext("2d")!;
        for (const family of families) {
          await document.fonts.load(`40px "${family}"`, text);
          for (const character of new Set(text.replace(/\s/g, ""))) {
            context.font = `40px "${family}", monospace`;
            const withMono = context.measureText(character).width;
            context.font = `40px "${family}", serif`;
            const withSerif = context.measureText(character).width;
            if (withMono !== withSerif) missing.push(`${family}: ${character}`);
          }
        }
        return missing;
      }, name);
      expect(coverage, name).toEqual([]);
    }
    await keepScreenshot(one, testInfo, `typed-styles-390-${language}`);
  });
}

test("after a decline the signing page asks for nothing its state refuses; the sender's view lays the declined row out like the others", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const w = WORDS.fr;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page, { language: "fr" });
  const signer = { email: uniqueEmail("decline-quiet"), firstname: "Jeanne", lastname: "Bézier" };
  const viewUrl = await prepareAndSend(page, [signer], { language: "fr", sequential: false });

  const recipient = await openAsRecipient(browser, signer.email, 1, "fr");
  await readEveryPage(recipient, "fr");
  const problems: string[] = [];
  recipient.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  recipient.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await recipient.getByRole("button", { name: w.decline, exact: true }).click();
  const dialog = recipient.getByRole("dialog", { name: w.declineDialog });
  await dialog
    .getByRole("textbox", { name: w.reason })
    .fill(
      "Le montant ne correspond pas au devis signé le mois dernier, ni aux conditions convenues.",
    );
  await dialog.getByRole("button", { name: w.decline, exact: true }).click();
  await expect(recipient.getByRole("heading", { name: w.declined })).toBeVisible();
  // What the page might still ask for has had time to answer.
  await recipient.waitForLoadState("networkidle");
  expect(problems).toEqual([]);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(viewUrl);
    const row = page.locator('li[data-recipient-status="declined"]');
    await expect(row).toBeVisible();
    const name = (await row.getByText("Jeanne Bézier").boundingBox())!;
    const badge = (await row.getByText(w.declinedBadge, { exact: true }).boundingBox())!;
    const reason = (await row.getByText(/Le montant ne correspond pas/).boundingBox())!;
    // The badge on the name's line, on the right; the reason under both.
    expect(Math.abs(badge.y - name.y)).toBeLessThan(12);
    expect(badge.x).toBeGreaterThan(name.x + name.width);
    expect(reason.y).toBeGreaterThan(badge.y + badge.height);
    await keepScreenshot(page, testInfo, `envelope-view-declined-${width}-fr`);
  }
});
