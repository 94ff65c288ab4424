import { expect, test, type Page } from "@playwright/test";
import { EDITOR, uploadAgreement } from "./envelope-flow";
import { signUpWithTeam, uniqueEmail } from "./support";

// Contacts: create, edit and delete one; import a good CSV file and a broken one (nothing
// written); the recipient form of the editor suggests a contact as its email is typed.

const TEXT = {
  en: {
    newContact: "New contact",
    email: /^Email/,
    firstname: /^First name/,
    lastname: /^Last name/,
    phone: /^Phone/,
    create: "Create contact",
    save: "Save",
    saved: "Contact saved.",
    delete: "Delete contact",
    confirmDelete: "Delete",
    contacts: "Contacts",
    importFile: "CSV file",
    importRows: (count: number) => `Import ${count} rows`,
    rowsCaption: "Rows of the file",
    invalidEmail: "Enter a valid email address.",
  },
  fr: {
    newContact: "Nouveau contact",
    email: /^E-mail/,
    firstname: /^Prénom/,
    lastname: /^Nom/,
    phone: /^Téléphone/,
    create: "Créer le contact",
    save: "Enregistrer",
    saved: "Contact enregistré.",
    delete: "Supprimer le contact",
    confirmDelete: "Supprimer",
    contacts: "Contacts",
    importFile: "Fichier CSV",
    importRows: (count: number) => `Importer ${count} lignes`,
    rowsCaption: "Lignes du fichier",
    invalidEmail: "Saisissez une adresse e-mail valide.",
  },
} as const;

const contactsTable = (page: Page) => page.getByRole("table", { name: TEXT.en.contacts });

async function chooseCsv(page: Page, text: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({
    name: "contacts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(text),
  });
}

test("a member creates a contact, edits it and deletes it after confirming", async ({ page }) => {
  test.setTimeout(90_000);
  const t = TEXT.en;
  await signUpWithTeam(page);
  await page.getByRole("link", { name: "Contacts" }).first().click();
  await page.waitForURL(/\/contacts$/);
  await page.getByRole("button", { name: t.newContact }).click();
  await page.waitForURL(/\/contacts\/new$/);

  const email = uniqueEmail("contact");
  await page.getByRole("textbox", { name: t.email }).fill(email);
  await page.getByRole("textbox", { name: t.firstname }).fill("Grace");
  await page.getByRole("textbox", { name: t.lastname }).fill("Hopper");
  await page.getByRole("textbox", { name: t.phone }).fill("+1 202 555 0142");
  await page.getByRole("button", { name: t.create }).click();
  await page.waitForURL(new RegExp(`/contacts/[0-9a-f-]+/${encodeURIComponent(email)}$`));

  const firstname = page.getByRole("textbox", { name: t.firstname });
  await expect(firstname).toHaveValue("Grace");
  await firstname.fill("Grace Brewster");
  await page.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.saved)).toBeVisible();

  await page.goto("/contacts");
  const row = contactsTable(page).getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Grace Brewster");
  await expect(row).toContainText("+12025550142");

  await row.getByRole("link", { name: `Edit ${email}` }).click();
  await page.getByRole("button", { name: t.delete }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("button", { name: t.confirmDelete, exact: true }).click();
  await page.waitForURL(/\/contacts$/);
  await expect(contactsTable(page).getByText(email)).toHaveCount(0);
});

test("en français : un fichier CSV correct est importé, un fichier avec une ligne fausse n’écrit rien", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = TEXT.fr;
  await signUpWithTeam(page, { language: "fr" });

  const broken = uniqueEmail("broken-file");
  await page.goto("/contacts/import");
  await chooseCsv(
    page,
    `email,firstname,lastname\n${broken},Bonne,Ligne\npas-un-email,Mauvaise,Ligne\n`,
  );
  const preview = page.getByRole("table", { name: t.rowsCaption });
  await expect(preview.getByText(t.invalidEmail)).toBeVisible();
  await expect(page.getByRole("button", { name: t.importRows(2) })).toBeDisabled();

  const first = uniqueEmail("imported");
  const second = uniqueEmail("imported");
  await chooseCsv(
    page,
    `Email;Firstname;Lastname;Phone\n${first};Émilie;Du Châtelet;+33 6 12 34 56 78\n${second};Sophie;Germain;\n`,
  );
  await expect(page.getByRole("table", { name: t.rowsCaption }).getByRole("row")).toHaveCount(3);
  await page.getByRole("button", { name: t.importRows(2) }).click();
  await page.waitForURL(/\/contacts\/[0-9a-f-]+$/);

  const table = page.getByRole("table", { name: t.contacts });
  await expect(table.getByText(first)).toBeVisible();
  await expect(table.getByText(second)).toBeVisible();
  await expect(table.getByText("+33612345678")).toBeVisible();
  // The broken file wrote nothing, not even its good row.
  await expect(table.getByText(broken)).toHaveCount(0);
});

test("the recipient form suggests a contact as its email is typed and fills the recipient", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = TEXT.en;
  await signUpWithTeam(page);
  const email = uniqueEmail("suggested");
  await page.goto("/contacts/new");
  await page.getByRole("textbox", { name: t.email }).fill(email);
  await page.getByRole("textbox", { name: t.firstname }).fill("Katherine");
  await page.getByRole("textbox", { name: t.lastname }).fill("Johnson");
  await page.getByRole("button", { name: t.create }).click();
  await page.waitForURL(/\/contacts\/[0-9a-f-]+\/.+$/);

  await uploadAgreement(page);
  await page.getByRole("button", { name: EDITOR.en.add, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog
    .getByRole("combobox", { name: EDITOR.en.email, exact: true })
    .pressSequentially(email.slice(0, 12));
  await dialog.getByRole("option", { name: /Katherine Johnson/ }).click();
  await expect(dialog.getByRole("combobox", { name: EDITOR.en.email, exact: true })).toHaveValue(
    email,
  );
  await expect(dialog.getByRole("textbox", { name: EDITOR.en.lastname, exact: true })).toHaveValue(
    "Johnson",
  );
  await expect(dialog.getByText("Already in your contacts as Katherine Johnson.")).toBeVisible();
});

test("en français : un CSV enregistré par Excel (Windows-1252, points-virgules) s’affiche et s’importe lisible", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = TEXT.fr;
  await signUpWithTeam(page, { language: "fr" });
  const email = uniqueEmail("excel");
  await page.goto("/contacts/import");
  // What Excel in French writes for "CSV (séparateur : point-virgule)": Windows-1252, no BOM.
  await page.locator('input[type="file"]').setInputFiles({
    name: "contacts-excel.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Email;Firstname;Lastname\r\n${email};Zoë;Lefèvre\r\n`, "latin1"),
  });
  const preview = page.getByRole("table", { name: t.rowsCaption });
  await expect(preview.getByText("Zoë", { exact: true })).toBeVisible();
  await expect(preview.getByText("Lefèvre", { exact: true })).toBeVisible();
  await expect(preview.getByText(/\uFFFD/)).toHaveCount(0);
  await expect(page.getByText(/Windows-1252/).first()).toBeVisible();
  await expect(page.getByText(/points-virgules/).first()).toBeVisible();
  await page.getByRole("button", { name: /^Importer 1 / }).click();
  await page.waitForURL(/\/contacts\/[0-9a-f-]+$/);
  const row = page
    .getByRole("table", { name: t.contacts })
    .getByRole("row")
    .filter({ hasText: email });
  await expect(row).toContainText("Zoë");
  await expect(row).toContainText("Lefèvre");
});
