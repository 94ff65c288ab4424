import { expect, type Page, type TestInfo } from "@playwright/test";
import { AGREEMENT, EDITOR } from "./envelope-flow";
import { expectAccessible, keepScreenshot } from "./support";

export const TEMPLATE = {
  newTemplate: "New template",
  uploadSubmit: "Upload and prepare the template",
  addRole: "Add the role",
  roleLabel: "Role label",
  activate: "Activate",
  active: "Active",
  selectAll: "Please select all recipients.",
  createAndSend: "Create and send",
  email: "Email address",
  firstname: "First name",
  lastname: "Last name",
} as const;

/**
 * A new template with the roles Employee and Manager, a signature field each, and with `approver`
 * an approver role of that label first; activated.
 */
export async function createActiveTemplate(
  page: Page,
  testInfo: TestInfo,
  { approver }: { approver?: string } = {},
): Promise<string> {
  const t = EDITOR.en;
  await page.goto("/templates");
  await page.getByRole("button", { name: TEMPLATE.newTemplate }).first().click();
  await page.locator('input[type="file"]').setInputFiles(AGREEMENT);
  await page.getByRole("button", { name: TEMPLATE.uploadSubmit }).click();
  await page.waitForURL(/\/templates\/[0-9a-f-]+\/[0-9a-f-]+\/edit$/);
  const activate = page.getByRole("button", { name: TEMPLATE.activate, exact: true });
  // No role yet: the template is incomplete and says why.
  await expect(activate).toBeDisabled();
  await expect(page.getByText("Add at least one role before activating.")).toBeVisible();

  for (const label of ["Employee", "Manager"]) {
    await page.getByRole("button", { name: t.add, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: TEMPLATE.roleLabel }).fill(label);
    await dialog.getByRole("button", { name: TEMPLATE.addRole }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
  }
  if (approver !== undefined) {
    await page.getByRole("button", { name: t.add, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: TEMPLATE.roleLabel }).fill(approver);
    await dialog.getByRole("radio", { name: /^Approver/ }).click();
    await dialog.getByRole("button", { name: TEMPLATE.addRole }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
  }
  // A label is unique within the template, whatever its case.
  await page.getByRole("button", { name: t.add, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: TEMPLATE.roleLabel }).fill("employee");
  await dialog.getByRole("button", { name: TEMPLATE.addRole }).click();
  await expect(
    dialog.getByText("Another recipient of this template has this label."),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  for (const [index, label] of ["Employee", "Manager"].entries()) {
    await page.getByRole("button", { name: t.placeFor(label) }).click();
    await page.getByRole("button", { name: t.signature, exact: true }).click();
    await page
      .getByRole("button", { name: t.placeOn(index + 1) })
      .click({ position: { x: 120, y: 420 } });
  }
  await expect(page.getByText(t.saved)).toBeVisible({ timeout: 15_000 });
  await expect(activate).toBeEnabled();
  await keepScreenshot(page, testInfo, "template-editor-complete-1280-en");
  await expectAccessible(page, "template editor, complete (en, 1280 px)");
  await activate.click();
  await expect(page.getByText(TEMPLATE.active, { exact: true }).first()).toBeVisible();
  return page.url();
}
