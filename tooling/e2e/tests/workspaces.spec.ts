import { expect, test, type Browser, type Page } from "@playwright/test";
import { AGREEMENT, EDITOR } from "./envelope-flow";
import { SEEDED_TEAM } from "./seeded-team";
import { keepScreenshot, loginCodeOf, mailTo, waitForMail, WEB_URL } from "./support";

// Workspaces and tags (issue 11), the owner of the seeded team working in French: a second
// workspace's documents stay invisible to the team's Viewer until they are added to it; a tag set
// from the list filters it; deleting the workspace moves its documents to the default one.

/** Signs `email` in with a mailed code, in a context of its own, and leaves the page on `/`. */
async function signIn(browser: Browser, email: string, language: "en" | "fr"): Promise<Page> {
  const context = await browser.newContext({
    baseURL: WEB_URL,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const mailsBefore = (await mailTo(email)).length;
  await page.goto(`/login?lng=${language}`);
  await page.getByRole("textbox").first().fill(email);
  await page.keyboard.press("Enter");
  await page
    .getByLabel(language === "fr" ? "Code de vérification" : "Verification code")
    .fill(loginCodeOf(await waitForMail(email, mailsBefore + 1)));
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/register-passkey$/);
  await page.goto(`/?lng=${language}`);
  return page;
}

/** The envelope list, once loaded (the table or its empty state). */
async function openEnvelopes(page: Page, path = "/envelopes"): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("tabpanel")).toHaveAttribute("aria-busy", "false");
}

test("a second workspace's documents appear to a teammate once added; a tag filters them; deleting the workspace moves them", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const workspaceName = `Conseil ${suffix}`;
  const tagName = `Urgent ${suffix}`;

  // The owner creates a workspace, alone in it, and uploads a document there.
  const owner = await signIn(browser, SEEDED_TEAM.owner, "fr");
  await owner.goto("/settings/workspaces?lng=fr");
  await owner.getByRole("button", { name: "Nouvel espace de travail" }).click();
  const create = owner.getByRole("dialog", { name: "Nouvel espace de travail" });
  await create.getByLabel(/^Nom/).fill(workspaceName);
  await create.getByRole("button", { name: "Couleur #7c3aed" }).click();
  await create.getByRole("button", { name: "Enregistrer" }).click();
  const workspaceRow = owner.getByRole("row").filter({ hasText: workspaceName });
  await expect(workspaceRow).toBeVisible();
  const membersHref = (await workspaceRow
    .getByRole("link", { name: "Membres" })
    .getAttribute("href")) as string;
  const workspaceUuid = membersHref.split("/")[3] ?? "";
  expect(workspaceUuid).toMatch(/^[0-9a-f-]{36}$/);

  await openEnvelopes(owner, `/envelopes/${workspaceUuid}/all`);
  await owner.getByRole("button", { name: EDITOR.fr.upload }).first().click();
  await owner.locator('input[type="file"]').setInputFiles(AGREEMENT);
  await owner.getByRole("button", { name: EDITOR.fr.uploadSubmit }).click();
  await owner.waitForURL(/\/edit$/);
  const envelopeUuid = new URL(owner.url()).pathname.split("/")[3] ?? "";
  expect(envelopeUuid).toMatch(/^[0-9a-f-]{36}$/);
  const linkTo = (page: Page) => page.locator(`a[href*="${envelopeUuid}"]`).first();

  // The Viewer of the team is not a member of that workspace: the document is not listed.
  const viewer = await signIn(browser, SEEDED_TEAM.viewer, "en");
  await openEnvelopes(viewer);
  await expect(viewer.locator(`a[href*="${envelopeUuid}"]`)).toHaveCount(0);

  // The owner adds the Viewer to the workspace; the document appears in the Viewer's list.
  await owner.goto(`${membersHref}?lng=fr`);
  await owner.getByRole("combobox", { name: "Membre de l’équipe" }).fill("Victor");
  await owner.getByRole("option", { name: /Victor Viewer/ }).click();
  await owner.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(
    owner
      .getByRole("table", { name: "Membres de l’espace de travail" })
      .getByText(SEEDED_TEAM.viewer),
  ).toBeVisible();
  await openEnvelopes(viewer);
  await expect(linkTo(viewer)).toBeVisible();

  // A tag of the team, set on the document from its row, filters the list.
  await owner.goto("/settings/tags?lng=fr");
  await owner.getByRole("button", { name: "Nouvelle étiquette" }).click();
  const tagDialog = owner.getByRole("dialog", { name: "Nouvelle étiquette" });
  await tagDialog.getByLabel(/^Nom/).fill(tagName);
  await tagDialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(owner.getByRole("row").filter({ hasText: tagName })).toBeVisible();

  await openEnvelopes(owner, `/envelopes/${workspaceUuid}/all`);
  const envelopeRow = owner.getByRole("row").filter({ has: linkTo(owner) });
  await envelopeRow.getByRole("button", { name: /^Étiquettes de/ }).click();
  const picker = owner.getByRole("dialog", { name: /^Étiquettes de/ });
  await picker.getByRole("checkbox", { name: tagName }).click();
  await picker.getByRole("button", { name: "Enregistrer les étiquettes" }).click();
  await expect(picker).toBeHidden();

  await openEnvelopes(owner, `/envelopes/tag/${encodeURIComponent(tagName)}`);
  await expect(owner.getByRole("combobox", { name: "Étiquette" })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(linkTo(owner)).toBeVisible();
  await expect(
    owner
      .getByRole("row")
      .filter({ has: linkTo(owner) })
      .getByText(tagName),
  ).toBeVisible();
  await keepScreenshot(owner, testInfo, "envelopes-of-a-tag-fr");

  // Deleting the workspace moves the document to the default workspace.
  await owner.goto("/settings/workspaces?lng=fr");
  await owner
    .getByRole("row")
    .filter({ hasText: workspaceName })
    .getByRole("button", { name: "Supprimer" })
    .click();
  const confirm = owner.getByRole("alertdialog");
  await expect(
    confirm.getByRole("combobox", { name: /Déplacer ses documents vers/ }),
  ).not.toHaveValue("");
  await confirm.getByRole("button", { name: "Supprimer l’espace de travail" }).click();
  await expect(owner.getByText(/Espace de travail supprimé/)).toBeVisible();
  await expect(owner.getByRole("row").filter({ hasText: workspaceName })).toHaveCount(0);

  await openEnvelopes(owner);
  await expect(linkTo(owner)).toBeVisible();
  await expect(linkTo(owner)).not.toHaveAttribute("href", new RegExp(workspaceUuid));
  await owner.context().close();
  await viewer.context().close();
});
