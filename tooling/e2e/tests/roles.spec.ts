import { expect, test, type Browser, type Page } from "@playwright/test";
import { uploadAgreement } from "./envelope-flow";
import { SEEDED_TEAM } from "./seeded-team";
import {
  expectAccessible,
  keepScreenshot,
  loginCodeOf,
  mailTo,
  signUpWithTeam,
  waitForMail,
  WEB_URL,
} from "./support";

// Roles (spec §6): an owner creates a custom role in the settings (in French); an administrator of
// the seeded team makes the Keepers role deny deleting envelopes while a keeper has a draft open:
// the server refuses the keeper's delete at once, and the editor, reloaded, shows the action
// disabled with the reason.

/** Signs `email` in with a mailed code, in a context of its own, and leaves the page on `/`. */
async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: WEB_URL,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const mailsBefore = (await mailTo(email)).length;
  await page.goto("/login?lng=en");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page
    .getByLabel("Verification code")
    .fill(loginCodeOf(await waitForMail(email, mailsBefore + 1)));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/register-passkey$/);
  await page.goto("/");
  return page;
}

test("un propriétaire crée un rôle personnalisé qui interdit de supprimer les enveloppes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithTeam(page, { language: "fr", team: "Atelier des rôles" });
  await page.goto("/settings/roles?lng=fr");
  const table = page.getByRole("table", { name: "Les rôles de votre équipe" });
  await expect(table.getByRole("button", { name: "Ouvrir le rôle Lecteur" })).toBeVisible();
  await expectAccessible(page, "roles settings (fr, 1280 px)");

  // A managed role opens read-only, with its rules in words.
  await table.getByRole("button", { name: "Ouvrir le rôle Administrateur" }).click();
  const managed = page.getByRole("dialog", { name: "Administrateur" });
  await expect(managed.getByText("Interdit\u00a0: Supprimer — Équipe")).toBeVisible();
  await expect(managed.getByRole("textbox")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Nouveau rôle" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau rôle personnalisé" });
  await dialog.getByRole("button", { name: "Règles avancées" }).click();
  const rule = dialog.getByRole("group", { name: "Règle 1" });
  await rule.getByRole("combobox", { name: "Action" }).selectOption("delete");
  await rule.getByRole("combobox", { name: "Sujet" }).selectOption("Envelope");
  await rule.getByRole("checkbox", { name: /Interdire/ }).click();
  await dialog.getByRole("button", { name: "Créer le rôle" }).click();
  await expect(dialog.getByText("Saisissez un nom pour le rôle.")).toBeVisible();
  await expect(dialog.getByText("Une règle inversée doit avoir un motif.")).toBeVisible();
  await expectAccessible(page, "rule editor with problems (fr, 1280 px)");

  await dialog.getByRole("textbox", { name: "Nom" }).fill("Sans suppression");
  await rule.getByRole("textbox", { name: "Motif" }).fill("Les enveloppes sont conservées.");
  await dialog.getByRole("button", { name: "Ajouter une règle" }).click();
  const second = dialog.getByRole("group", { name: "Règle 2" });
  await second.getByRole("combobox", { name: "Action" }).selectOption("manage");
  await second.getByRole("combobox", { name: "Sujet" }).selectOption("Envelope");
  await dialog.getByRole("button", { name: "Créer le rôle" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    table.getByRole("button", { name: "Ouvrir le rôle Sans suppression" }),
  ).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, "roles settings (fr, 390 px)");
});

test("a role changed to deny deleting envelopes is refused by the server at once, then shown disabled with the reason", async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // The keeper uploads a draft: their role lets them delete it, for now.
  const keeper = await signIn(browser, SEEDED_TEAM.keeper);
  await uploadAgreement(keeper);
  const deleteDraft = keeper.getByRole("button", { name: "Delete the draft", exact: true });
  await expect(deleteDraft).toBeVisible();
  await expect(deleteDraft).not.toHaveAttribute("aria-disabled", "true");

  // An administrator makes the Keepers role deny deleting envelopes.
  const admin = await signIn(browser, SEEDED_TEAM.admin);
  await admin.goto("/settings/roles");
  await admin.getByRole("button", { name: `Open the role ${SEEDED_TEAM.keeperRole}` }).click();
  const editor = admin.getByRole("dialog", { name: `Edit the role ${SEEDED_TEAM.keeperRole}` });
  await editor.getByRole("button", { name: "Advanced rules" }).click();
  await editor.getByRole("button", { name: "Add a rule" }).click();
  const rules = editor.getByRole("group", { name: /^Rule \d+$/ });
  const added = rules.last();
  await added.getByRole("combobox", { name: "Action" }).selectOption("delete");
  await added.getByRole("combobox", { name: "Subject" }).selectOption("Envelope");
  await added.getByRole("checkbox", { name: /Deny/ }).click();
  await added.getByRole("textbox", { name: "Reason" }).fill("Envelopes are kept for the audit.");
  await expectAccessible(admin, "rule editor of a custom role");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toHaveCount(0);
  await admin.context().close();

  // The keeper's open editor still offers the action: the server refuses it on this very call.
  await deleteDraft.click();
  const confirm = keeper.getByRole("alertdialog", { name: "Delete this draft?" });
  await confirm.getByRole("button", { name: "Delete the draft" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("You do not have permission to do this.");
  await keeper.keyboard.press("Escape");

  // Reloaded, the editor knows the new rules: the action is disabled, with the reason.
  await keeper.reload();
  await expect(deleteDraft).toHaveAttribute("aria-disabled", "true");
  await expect(deleteDraft).toHaveAccessibleDescription(
    "Your role does not allow you to delete envelopes.",
  );
  await deleteDraft.focus();
  await keeper.keyboard.press("Enter");
  await expect(keeper.getByRole("tooltip")).toHaveText(
    "Your role does not allow you to delete envelopes.",
  );
  await expect(keeper.getByRole("alertdialog")).toHaveCount(0);
  await expectAccessible(keeper, "draft of a keeper who may not delete it");
});

test("an owner creates a role through the permission grid, which shows as cards per subject on a phone", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpWithTeam(page, { team: "Grid workshop" });
  await page.goto("/settings/roles");
  await page.getByRole("button", { name: "New role" }).click();
  const dialog = page.getByRole("dialog", { name: "New custom role" });
  await expect(dialog.getByRole("button", { name: "Simple grid" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const grid = dialog.getByRole("table", { name: "Permissions by subject and action" });
  await expect(grid.getByRole("columnheader", { name: "Update" })).toBeVisible();
  await expect(grid.getByRole("rowheader", { name: "Templates" })).toBeVisible();
  await dialog.getByRole("textbox", { name: "Name" }).fill("Archivists");
  await grid.getByRole("combobox", { name: "Update — Templates" }).selectOption("allow");
  await grid.getByRole("combobox", { name: "Delete — Envelopes" }).selectOption("forbid");
  await dialog.getByRole("button", { name: "Create the role" }).click();
  await expect(dialog.getByText("An inverted rule needs a reason.")).toBeVisible();
  await grid
    .getByRole("textbox", { name: "Reason for forbidding Delete — Envelopes" })
    .fill("Envelopes are kept ten years.");
  await expectAccessible(page, "role grid (1280 px)");
  await keepScreenshot(page, testInfo, "role-grid-1280");
  await dialog.getByRole("button", { name: "Create the role" }).click();
  await expect(dialog).toHaveCount(0);

  // Saved as rules, read back into the grid; the advanced editor shows the same rules.
  await page.getByRole("button", { name: "Open the role Archivists" }).click();
  const editor = page.getByRole("dialog", { name: "Edit the role Archivists" });
  await expect(editor.getByRole("combobox", { name: "Update — Templates" })).toHaveValue("allow");
  await expect(editor.getByRole("combobox", { name: "Delete — Envelopes" })).toHaveValue("forbid");
  await expect(editor.getByRole("combobox", { name: "Create — Contacts" })).toHaveValue("unset");

  // On a phone: one card per subject, nothing cut off, no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = editor.getByRole("group", { name: "Envelopes" });
  await expect(card.getByRole("combobox", { name: "Delete — Envelopes" })).toHaveValue("forbid");
  await expect(editor.getByRole("table")).toHaveCount(0);
  const box = await card.getByRole("combobox", { name: "Read — Envelopes" }).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(await editor.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectAccessible(page, "role grid (390 px)");
  await keepScreenshot(page, testInfo, "role-grid-390");

  await editor.getByRole("button", { name: "Advanced rules" }).click();
  await expect(editor.getByRole("group", { name: /^Rule \d+$/ })).toHaveCount(3);

  // In French, at both widths.
  await page.goto("/settings/roles?lng=fr");
  await page.getByRole("button", { name: "Ouvrir le rôle Archivists" }).click();
  const french = page.getByRole("dialog", { name: "Modifier le rôle Archivists" });
  await expect(
    french.getByRole("group", { name: "Enveloppes" }).getByRole("combobox", {
      name: "Supprimer — Enveloppes",
    }),
  ).toHaveValue("forbid");
  await keepScreenshot(page, testInfo, "role-grid-390-fr");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(
    french.getByRole("table", { name: "Permissions par sujet et par action" }),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, "role-grid-1280-fr");
});
