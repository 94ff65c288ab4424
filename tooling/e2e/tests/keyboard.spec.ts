import { expect, test, type Locator, type Page } from "@playwright/test";
import { AGREEMENT, atBottom, EDITOR, SIGNING, signingLinkOf } from "./envelope-flow";
import {
  expectAccessible,
  keepScreenshot,
  signUpWithTeam,
  uniqueEmail,
  waitForMail,
} from "./support";

// The main flow from the keyboard alone, with no pointer at all: the sender uploads a PDF, adds a
// recipient, places a signature field and sends; the signer opens the link, reads every page,
// types a signature and confirms. Every control is reached with Tab (or Shift+Tab) and must show a
// visible focus ring when it gets there.

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it never gets it. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let step = 0; step < max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectVisibleFocus(target);
      return;
    }
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target.toString()} never got the focus after ${max} presses of Tab`);
}

/** The focused element shows where the focus is: an outline or a ring (box shadow). */
async function expectVisibleFocus(target: Locator) {
  const look = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(":focus-visible"),
      outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
      ring: style.boxShadow !== "none",
    };
  });
  expect(look.focusVisible, `${target.toString()} matches :focus-visible`).toBe(true);
  expect(look.outline || look.ring, `${target.toString()} shows a focus ring`).toBe(true);
}

for (const width of [1280, 390] as const) {
  test(`the main flow works from the keyboard alone: upload, recipient, field, send, read, sign (${width} px)`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const t = EDITOR.en;
    await page.setViewportSize({ width, height: 900 });
    await signUpWithTeam(page);

    // Upload: the button, the file chooser (the system dialog is the only non-keyboard step), submit.
    await page.goto("/envelopes");
    await tabTo(page, page.getByRole("button", { name: t.upload }).first());
    await page.keyboard.press("Enter");
    const upload = page.getByRole("dialog");
    await expect(upload).toBeVisible();
    await tabTo(page, upload.locator("button", { hasText: "Choose files" }));
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.keyboard.press("Enter"),
    ]);
    await chooser.setFiles(AGREEMENT);
    await expect(upload.getByText("agreement-2-pages.pdf")).toBeVisible();
    await expectAccessible(page, `upload dialog, keyboard (${width} px)`);
    await tabTo(page, upload.getByRole("button", { name: t.uploadSubmit }));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/envelopes\/[0-9a-f-]+\/[0-9a-f-]+\/edit$/);

    // A recipient, through the dialog; the focus comes back to the editor when it closes.
    const signer = { email: uniqueEmail("keyboard"), firstname: "Ada", lastname: "Byron" };
    const add = page.getByRole("button", { name: t.add, exact: true });
    await tabTo(page, add);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    for (const [role, name, value] of [
      ["combobox", t.email, signer.email],
      ["textbox", t.firstname, signer.firstname],
      ["textbox", t.lastname, signer.lastname],
    ] as const) {
      await tabTo(page, dialog.getByRole(role, { name, exact: true }));
      await page.keyboard.type(value);
    }
    await expectAccessible(page, `recipient dialog, keyboard (${width} px)`);
    await tabTo(page, dialog.getByRole("button", { name: t.addRecipient }));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    // A signature field: the palette arms the tool, Enter on a page places it, and the new field
    // takes the focus so that the arrow keys move it at once.
    await tabTo(page, page.getByRole("button", { name: t.signature, exact: true }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("button", { name: t.placeOn(1) }));
    await page.keyboard.press("Enter");
    const field = page.getByRole("button", { name: "Signature field for Ada Byron, page 1" });
    await expect(field).toBeFocused();
    await expect(
      page.getByRole("status").filter({ hasText: "Signature field placed" }),
    ).toHaveCount(1);
    const before = await field.boundingBox();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect
      .poll(async () => (await field.boundingBox())?.y ?? 0)
      .toBeGreaterThan(before?.y ?? 0);
    await expectVisibleFocus(field);
    await expect(page.getByText(t.saved)).toBeVisible({ timeout: 15_000 });
    await keepScreenshot(page, testInfo, `keyboard-editor-${width}`);
    await expectAccessible(page, `editor with a field, keyboard (${width} px)`);

    // Send is in the toolbar above the pages: back up to it.
    await tabTo(page, page.getByRole("button", { name: t.send, exact: true }), { backwards: true });
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/view$/);
    // The view has loaded (and its fade-in begun) once it lists the signer.
    await expect(page.getByText(signer.email).first()).toBeVisible();
    await expectAccessible(page, `envelope sent, keyboard (${width} px)`);

    // The signer, in a context of the same width, with no touch screen.
    const mail = await waitForMail(signer.email, 1, 30_000);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const sign = await context.newPage();
    await sign.goto(signingLinkOf(mail));
    const s = SIGNING.en;
    await expect(sign.getByText(s.anyRead)).toBeVisible();
    await expectAccessible(sign, `signing page, keyboard (${width} px)`);
    // Reading: the page scrolls with the keyboard until every page counts as read. A page counts
    // only for what was on screen once its preview showed: a preview slower than the scrolling
    // leaves part of it unseen, and the signer goes back up to read it, as a person would.
    await expect(async () => {
      await sign.keyboard.press((await atBottom(sign)) ? "Home" : "PageDown");
      await expect(sign.getByText(s.read(2))).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 20_000 });

    await tabTo(sign, sign.getByRole("button", { name: s.sign, exact: true }));
    await sign.keyboard.press("Enter");
    const sheet = sign.getByRole("dialog");
    await expect(sheet).toBeVisible();
    // The tabs: Tab reaches the selected one, the arrow keys choose "Type".
    await tabTo(sign, sheet.getByRole("tab", { name: s.draw }));
    await sign.keyboard.press("ArrowRight");
    await expect(sheet.getByRole("tab", { name: s.type })).toBeFocused();
    const typed = sheet.getByRole("textbox", { name: s.typedName });
    await tabTo(sign, typed);
    await sign.keyboard.press("ControlOrMeta+a");
    await sign.keyboard.type("Ada Byron");
    await expectAccessible(sign, `signature dialog, typed, keyboard (${width} px)`);
    await tabTo(sign, sheet.getByRole("slider", { name: s.swipe }));
    await sign.keyboard.press("Enter");
    await sign.waitForURL(/\/confirmation/);
    await expect(sign.getByRole("heading", { level: 1 })).toBeVisible();
    await keepScreenshot(sign, testInfo, `keyboard-confirmation-${width}`);
    await expectAccessible(sign, `confirmation, keyboard (${width} px)`);
    await context.close();
  });
}
