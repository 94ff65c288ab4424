import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, signUpWithTeam, uniqueEmail, waitForMail } from "./support";

// Members import: a good CSV file invites every row (pending invitations, one mail each); a file
// the server refuses (a row already in the team) shows the row's error and invites nobody.

const TEXT = {
  en: {
    import: "Import",
    importRows: (count: number) => `Import ${count} rows`,
    rowsCaption: "People to invite",
    imported: "2 invitations sent. They are listed in the pending invitations.",
  },
  fr: {
    importRows: (count: number) => `Importer ${count} lignes`,
    rowsCaption: "Personnes à inviter",
    failed: "Échec de l’import : rien n’a été importé.",
    alreadyMember: "Cette personne est déjà membre de l’équipe.",
    noPending: "Aucune invitation en attente.",
  },
} as const;

async function chooseCsv(page: Page, text: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({
    name: "members.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(text),
  });
}

test("a good CSV file invites every row: pending invitations and one mail each", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = TEXT.en;
  await signUpWithTeam(page, { team: "Imported Engines" });
  await page.goto("/settings/members");
  await page.getByRole("button", { name: t.import, exact: true }).click();
  await page.waitForURL(/\/settings\/members\/import$/);

  const first = uniqueEmail("csv-first");
  const second = uniqueEmail("csv-second");
  await chooseCsv(
    page,
    `email,firstname,lastname,phone\n${first},Mary,Somerville,+44 20 7946 0958\n${second},Caroline,Herschel,\n`,
  );
  await expect(page.getByRole("table", { name: t.rowsCaption }).getByRole("row")).toHaveCount(3);
  await expectAccessible(page, "members import preview (en)");
  await page.getByRole("button", { name: t.importRows(2) }).click();
  await page.waitForURL(/\/settings\/members\/pending$/);
  await expect(page.getByText(t.imported)).toBeVisible();
  await expect(page.getByText(first).first()).toBeVisible();
  await expect(page.getByText(second).first()).toBeVisible();

  for (const email of [first, second]) {
    const mail = await waitForMail(email);
    expect(mail.subject).toBe("Ada Lovelace invites you to join Imported Engines on Paraphe");
    expect(mail.text).toContain("/accept-team-invite#token=");
  }
});

test("en français : un fichier refusé par le serveur montre l’erreur de la ligne et n’invite personne", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = TEXT.fr;
  const owner = await signUpWithTeam(page, { language: "fr" });
  const fresh = uniqueEmail("csv-fresh");
  await page.goto("/settings/members/import");
  await chooseCsv(
    page,
    `email,firstname,lastname\n${fresh},Sophie,Germain\n${owner},Ada,Lovelace\n`,
  );
  await page.getByRole("button", { name: t.importRows(2) }).click();
  await expect(page.getByText(t.failed)).toBeVisible();
  const rows = page.getByRole("table", { name: t.rowsCaption }).getByRole("row");
  await expect(rows.nth(2)).toContainText(t.alreadyMember);
  await expect(page).toHaveURL(/\/settings\/members\/import$/);

  await page.goto("/settings/members/pending");
  await expect(page.getByText(t.noPending)).toBeVisible();
  await expect(page.getByText(fresh)).toHaveCount(0);
});
