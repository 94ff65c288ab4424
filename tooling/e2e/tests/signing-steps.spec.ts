import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { APPROVING, sendWithApprovers, type RoleRecipient } from "./approver-flow";
import { openAsRecipient, readEveryPage, SIGNING, swipe } from "./envelope-flow";
import { expectAccessible, keepScreenshot, mailTo, signUpWithTeam, uniqueEmail } from "./support";

// Signing steps: the sender puts recipients in numbered steps; each step is invited once the
// previous one has ended.

const STEPS = {
  en: {
    custom: "In steps",
    step: (n: number) => `Step ${n}`,
    stepOf: (name: string) => `Step of ${name}`,
  },
  fr: {
    custom: "Par étapes",
    step: (n: number) => `Étape ${n}`,
    stepOf: (name: string) => `Étape de ${name}`,
  },
} as const;

const person = (
  label: string,
  firstname: string,
  lastname: string,
  role: RoleRecipient["role"],
) => ({
  email: uniqueEmail(label),
  firstname,
  lastname,
  role,
});

/**
 * Runs axe on what `page` shows at 1280 and 390 px (then back to 1280), keeping a screenshot of
 * each width as `{screenshot}-{width}`.
 */
async function accessibleAtBothWidths(
  page: Page,
  label: string,
  testInfo: TestInfo,
  screenshot: string,
): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${label}, ${width} px`);
    await keepScreenshot(page, testInfo, `${screenshot}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signAs(browser: Browser, recipient: RoleRecipient): Promise<void> {
  const signing = await openAsRecipient(browser, recipient.email, 1);
  await readEveryPage(signing);
  await signing.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await signing.getByRole("tab", { name: SIGNING.en.type }).click();
  await signing
    .getByRole("textbox", { name: SIGNING.en.typedName })
    .fill(`${recipient.firstname} ${recipient.lastname}`);
  await swipe(signing);
  await signing.waitForURL(/\/confirmation/);
  await signing.context().close();
}

test("a three-step envelope: an approver, then two signers at once, then a signer and a viewer, each step invited as the previous ends, the envelope complete once the viewer read every page (editor and view in steps accessible in en and fr at 390 and 1280 px)", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page);
  const approver = person("step-approver", "Alan", "Turing", "approver");
  const ada = person("step-ada", "Ada", "Lovelace", "signer");
  const grace = person("step-grace", "Grace", "Hopper", "signer");
  const edsger = person("step-edsger", "Edsger", "Dijkstra", "signer");
  const barbara = person("step-barbara", "Barbara", "Liskov", "viewer");
  const name = (recipient: RoleRecipient) => `${recipient.firstname} ${recipient.lastname}`;

  const viewUrl = await sendWithApprovers(page, [approver, ada, grace, edsger, barbara], {
    beforeSend: async (editor) => {
      const t = STEPS.en;
      await editor.getByRole("radio", { name: t.custom }).click();
      const first = editor.getByRole("region", { name: t.step(1), exact: true });
      await expect(first.getByText(name(edsger))).toBeVisible();
      // By the step picker (a select: keyboard and pointer alike).
      await editor.getByRole("combobox", { name: t.stepOf(name(ada)) }).selectOption("2");
      const second = editor.getByRole("region", { name: t.step(2), exact: true });
      await expect(second.getByText(name(ada))).toBeVisible();
      await editor.getByRole("combobox", { name: t.stepOf(name(grace)) }).selectOption("2");
      await expect(second.getByText(name(grace))).toBeVisible();
      await editor.getByRole("combobox", { name: t.stepOf(name(edsger)) }).selectOption("3");
      const third = editor.getByRole("region", { name: t.step(3), exact: true });
      await expect(third.getByText(name(edsger))).toBeVisible();
      await editor.getByRole("combobox", { name: t.stepOf(name(barbara)) }).selectOption("3");
      await expect(third.getByText(name(barbara))).toBeVisible();
      await expect(editor.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });
      await accessibleAtBothWidths(editor, "editor in steps (en)", testInfo, "editor-steps-en");

      // The same in French, then back to English to send.
      const editUrl = new URL(editor.url());
      editUrl.searchParams.set("lng", "fr");
      await editor.goto(editUrl.toString());
      await expect(
        editor.getByRole("region", { name: STEPS.fr.step(3), exact: true }).getByText(name(edsger)),
      ).toBeVisible({ timeout: 15_000 });
      await expect(
        editor.getByRole("combobox", { name: STEPS.fr.stepOf(name(grace)) }),
      ).toHaveValue("2");
      await accessibleAtBothWidths(editor, "editor in steps (fr)", testInfo, "editor-steps-fr");
      editUrl.searchParams.set("lng", "en");
      await editor.goto(editUrl.toString());
      await expect(editor.getByRole("region", { name: t.step(3), exact: true })).toBeVisible({
        timeout: 15_000,
      });
    },
  });

  // Step 1: only the approver is invited.
  const approving = await openAsRecipient(browser, approver.email, 1);
  for (const later of [ada, grace, edsger, barbara]) {
    expect(await mailTo(later.email)).toHaveLength(0);
  }
  await readEveryPage(approving);
  await approving.getByRole("button", { name: APPROVING.en.approve, exact: true }).click();
  await expect(approving.getByRole("heading", { name: APPROVING.en.approved })).toBeVisible();
  await approving.context().close();

  // Step 2: both signers at once; step 3 waits for both.
  await signAs(browser, grace);
  expect(await mailTo(ada.email)).toHaveLength(1);
  expect(await mailTo(edsger.email)).toHaveLength(0);
  await signAs(browser, ada);

  // Step 3: the signer and the viewer; the envelope completes once the viewer has read it.
  await signAs(browser, edsger);
  const viewing = await openAsRecipient(browser, barbara.email, 1);
  await expect(viewing.getByText(/You are asked to read this document/)).toBeVisible();
  await readEveryPage(viewing);
  await viewing.getByRole("button", { name: "I have read the document" }).click();
  await expect(viewing.getByRole("heading", { name: "You have read this document" })).toBeVisible();
  await viewing.context().close();

  await page.goto(viewUrl);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("button", { name: SIGNING.en.downloadSealed })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 90_000 });
  for (const step of [1, 2, 3]) {
    await expect(
      page.getByRole("heading", { name: STEPS.en.step(step), exact: true }),
    ).toBeVisible();
  }
  await expect(page.getByText("Signing step ended").first()).toBeVisible();
  await accessibleAtBothWidths(page, "envelope view in steps (en)", testInfo, "view-steps-en");
  const frView = new URL(viewUrl);
  frView.searchParams.set("lng", "fr");
  await page.goto(frView.toString());
  await expect(page.getByRole("heading", { name: STEPS.fr.step(3), exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await accessibleAtBothWidths(page, "envelope view in steps (fr)", testInfo, "view-steps-fr");
});
