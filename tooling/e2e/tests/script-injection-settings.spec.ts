import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import {
  ALL_PAYLOADS,
  atMaximum,
  expectShown,
  guard,
  parseHtml,
  PAYLOADS,
  squeezed,
} from "./injection-payloads";
import { mailTo, signUpWithTeam, uniqueEmail, waitForMail, type ReceivedMail } from "./support";
import { signInOperator } from "./support-operator";
import { createActiveTemplate } from "./template-flow";
import { prepareAndSend } from "./envelope-flow";

// Script injection (issue 16), the settings side: CSV cells of the members import and of a bulk
// send, a custom role's name, webhook and single sign-on URLs, the single sign-on client ID,
// support messages both ways, and profile names are shown as text wherever they come back (pages,
// exports, mails) and never run; javascript: and data: URLs are refused with the field's message.

async function expectMailInert(page: Page, mail: ReceivedMail, shown: string[]): Promise<void> {
  expect(mail.subject, `subject of "${mail.subject}"`).not.toMatch(/&lt;|&gt;|&amp;|&quot;/);
  const parsed = await parseHtml(page, mail.html);
  expect(parsed.injected, `markup from a payload in the mail "${mail.subject}"`).toEqual([]);
  for (const text of shown) expect(parsed.text, `mail "${mail.subject}"`).toContain(squeezed(text));
}

/** A CSV cell: always quoted, its quotes doubled. */
function csvCell(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/** Exports the table's rows as CSV through its Export menu and returns the file's text. */
async function exportCsv(
  page: Page,
  labels: { export: string; exportCsv: string } = { export: "Export", exportCsv: "Export as CSV" },
): Promise<string> {
  await page.getByRole("button", { name: labels.export, exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: labels.exportCsv }).click(),
  ]);
  const file = join(await mkdtemp(join(tmpdir(), "paraphe-injection-")), "export.csv");
  await download.saveAs(file);
  return readFile(file, "utf8");
}

/** No cell of the CSV starts with a character that makes a spreadsheet run it as a formula. */
function expectNoFormulaCell(csv: string): void {
  for (const line of csv.split(/\r\n/)) {
    for (const cell of line.split(","))
      expect(cell.replace(/^"/, ""), line).not.toMatch(/^[=+\-@]/);
  }
}

/** No link or form on the page points to a javascript: or data: URL. */
async function expectNoScriptLink(page: Page, where: string): Promise<void> {
  const links = await page
    .locator(
      ':is(a[href], area[href], form[action], iframe[src], [formaction]):is([href^="javascript:" i], [href^="data:" i], [action^="javascript:" i], [src^="javascript:" i], [src^="data:" i], [formaction^="javascript:" i])',
    )
    .count();
  expect(links, `script links on ${where}`).toBe(0);
}

test("en français : du balisage dans le nom d’un rôle personnalisé et dans les cellules d’un import de membres s’affiche comme du texte, dans l’aperçu, les invitations, leur export et l’e-mail", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = guard(page);
  const inviter = PAYLOADS.svg;
  const team = PAYLOADS.img;
  await signUpWithTeam(page, { language: "fr", firstname: inviter, team });
  await owner.expectUnharmed("le tableau de bord");

  // A custom role whose name is markup, at the name's maximum.
  const roleName = atMaximum(PAYLOADS.svg, 50);
  await page.goto("/settings/roles?lng=fr");
  await page.getByRole("button", { name: "Nouveau rôle" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau rôle personnalisé" });
  await dialog.getByRole("textbox", { name: "Nom" }).fill(roleName);
  await dialog.getByRole("button", { name: "Règles avancées" }).click();
  const rule = dialog.getByRole("group", { name: "Règle 1" });
  await rule.getByRole("combobox", { name: "Action" }).selectOption("manage");
  await rule.getByRole("combobox", { name: "Sujet" }).selectOption("Envelope");
  await dialog.getByRole("button", { name: "Créer le rôle" }).click();
  await expect(dialog).toHaveCount(0);
  const roles = page.getByRole("table", { name: "Les rôles de votre équipe" });
  await expect(roles.getByRole("button", { name: `Ouvrir le rôle ${roleName}` })).toBeVisible();
  await expectShown(roles, roleName);
  await owner.expectUnharmed("les rôles");

  // The members import: markup in the names, formulas in the other row's names.
  const markup = uniqueEmail("injection-member-markup");
  const formula = uniqueEmail("injection-member-formula");
  const longName = atMaximum(`${PAYLOADS.script} `, 100).trim();
  await page.goto("/settings/members/import?lng=fr");
  await page.locator('input[type="file"]').setInputFiles({
    name: "members.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `email,firstname,lastname\n` +
        `${markup},${csvCell(PAYLOADS.img)},${csvCell(longName)}\n` +
        `${formula},${csvCell(PAYLOADS.hyperlink)},${csvCell(PAYLOADS.dde)}\n`,
    ),
  });
  // The role offered to the invited people names the custom role as text.
  await page
    .getByRole("combobox", { name: /Rôle des personnes invitées/ })
    .selectOption({ label: roleName });
  const preview = page.getByRole("table", { name: "Personnes à inviter" });
  for (const text of [PAYLOADS.img, longName, PAYLOADS.hyperlink, PAYLOADS.dde])
    await expectShown(preview, text);
  await owner.expectUnharmed("l’aperçu de l’import des membres");
  await page.getByRole("button", { name: "Importer 2 lignes" }).click();
  await page.waitForURL(/\/settings\/members\/pending$/);

  // Pending invitations are cards at every width: one list item per invitation.
  const pending = page.getByRole("list", { name: "Invitations en attente" });
  await expect(pending.getByRole("listitem").filter({ hasText: markup })).toContainText(
    PAYLOADS.img,
  );
  await expect(pending.getByRole("listitem").filter({ hasText: formula })).toContainText(
    PAYLOADS.hyperlink,
  );
  await expectShown(pending, roleName);
  await owner.expectUnharmed("les invitations en attente");
  const csv = await exportCsv(page, { export: "Exporter", exportCsv: "Exporter en CSV" });
  // The name column holds "first last": the row whose first name is a formula starts with "'".
  expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"") +cmd|' /C calc'!A0"`);
  expectNoFormulaCell(csv);
  await owner.expectUnharmed("les invitations en attente, après l’export");

  // The invitation names the inviter, the team and the role as text; nothing in it is markup.
  for (const email of [markup, formula]) {
    const mail = await waitForMail(email, 1, 30_000);
    expect(mail.subject).toContain(inviter);
    await expectMailInert(page, mail, [inviter, team, roleName]);
  }
});

test("markup and formulas in the cells of a bulk send read as text in the preview, the report, the envelopes and the signing mail, and the report export holds no formula", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const sender = guard(page);
  await signUpWithTeam(page);
  const editUrl = await createActiveTemplate(page, testInfo);
  await page.goto(editUrl.replace(/\/edit$/, "/bulk-send"));
  await sender.expectUnharmed("the bulk send page");

  const run = uniqueEmail("injection-bulk").split("@")[0] ?? "injection-bulk";
  const rows = [
    {
      employee: `${run}-markup@example.com`,
      firstname: PAYLOADS.img,
      lastname: PAYLOADS.template,
      title: `${PAYLOADS.script} ${PAYLOADS.svg}`,
      message: ALL_PAYLOADS,
    },
    {
      employee: `${run}-formula@example.com`,
      firstname: PAYLOADS.hyperlink,
      lastname: PAYLOADS.dde,
      title: PAYLOADS.hyperlink,
      message: `${PAYLOADS.dde}\n${PAYLOADS.bidi}`,
    },
  ];
  const lines = [
    "Employee email,Employee firstname,Employee lastname,Manager email,Manager firstname,Manager lastname,title,message",
    ...rows.map((row, index) =>
      [
        row.employee,
        row.firstname,
        row.lastname,
        `${run}-manager-${index}@example.com`,
        PAYLOADS.svg,
        PAYLOADS.javascriptUrl,
        row.title,
        row.message,
      ]
        .map(csvCell)
        .join(","),
    ),
  ];
  await page.getByLabel("CSV file").setInputFiles({
    name: "bulk.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${lines.join("\n")}\n`, "utf8"),
  });
  await expect(page.getByText("2 rows read.", { exact: false })).toBeVisible();
  const preview = page.getByRole("table", { name: "Rows of the file" });
  for (const row of rows) await expectShown(preview, row.employee);
  await sender.expectUnharmed("the bulk send preview");
  await page.getByRole("button", { name: "Send 2 envelopes" }).click();

  await expect(page.getByText("Done: 2 sent, 0 not sent.")).toBeVisible({ timeout: 60_000 });
  const report = page.getByRole("table", { name: "Report of the bulk send" });
  await expect(report.getByRole("link", { name: "Open the envelope" })).toHaveCount(2);
  await sender.expectUnharmed("the bulk send report");
  const csv = await exportCsv(page);
  expect(csv.trim().split(/\r\n/)).toHaveLength(3);
  expectNoFormulaCell(csv);

  // The envelopes: their titles in the list, the people's names in the view.
  const opened = await report
    .getByRole("link", { name: "Open the envelope" })
    .first()
    .getAttribute("href");
  await page.goto("/envelopes");
  for (const row of rows) await expectShown(page, row.title);
  await sender.expectUnharmed("the envelope list");
  await page.goto(opened ?? "/");
  await page.waitForURL(/\/envelopes\/[0-9a-f-]+\/[0-9a-f-]+\/view$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectShown(page, PAYLOADS.svg);
  await sender.expectUnharmed("an envelope of the bulk send");

  // The signing mail shows the title and the message as text, and nothing in it is markup.
  for (const row of rows) {
    const mail = await waitForMail(row.employee, 1, 30_000);
    expect(mail.subject).toContain(row.title);
    await expectMailInert(page, mail, [row.title, ...row.message.split("\n")]);
  }
});

test("webhook URLs: javascript: and data: are refused with the field's message, and an accepted URL holding markup reads as text, never as a link", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = guard(page);
  await signUpWithTeam(page);
  await page.goto("/settings/webhooks");
  await page.getByRole("button", { name: "Add an endpoint" }).first().click();
  const form = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  const url = form.getByRole("textbox", { name: "Endpoint URL" });
  await form.getByRole("checkbox", { name: "Envelope sent" }).click();
  for (const refused of [
    PAYLOADS.javascriptUrl,
    "JavaScript:window.__pwned=1//https://example.com",
    "data:text/html,<script>window.__pwned=1</script>",
  ]) {
    await url.fill(refused);
    await form.getByRole("button", { name: "Add the endpoint" }).click();
    await expect(form.getByText("Enter a full web address, starting with https://.")).toBeVisible();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await owner.expectUnharmed(`the webhook form refusing ${refused}`);
  }

  // Accepted (loopback receivers are allowed in the browser tests' api): shown as text.
  const raw = `http://127.0.0.1:9/${PAYLOADS.svg}`;
  const encoded = `http://127.0.0.1:9/${encodeURIComponent(PAYLOADS.img)}`;
  for (const [index, accepted] of [raw, encoded].entries()) {
    if (index > 0) {
      await page.getByRole("button", { name: "Add an endpoint" }).first().click();
      await form.getByRole("checkbox", { name: "Envelope sent" }).click();
    }
    await url.fill(accepted);
    await form.getByRole("button", { name: "Add the endpoint" }).click();
    const secret = page.getByRole("dialog", { name: "The endpoint's signing secret" });
    await secret.getByRole("button", { name: "I have copied it" }).click();
    await expect(secret).toHaveCount(0);
  }
  // The URL as the api keeps it (the raw one may come back percent-encoded): text, not a link.
  const rawShown = page.getByText(raw).or(page.getByText(new URL(raw).href));
  await expect(rawShown.first()).toBeVisible();
  await expectShown(page, encoded);
  await expect(page.getByRole("link", { name: /127\.0\.0\.1:9/ })).toHaveCount(0);
  await expectNoScriptLink(page, "the webhooks page");
  await owner.expectUnharmed("the webhooks page");
  await page.reload();
  await expectShown(page, encoded);
  await owner.expectUnharmed("the webhooks page, reloaded");
});

test("single sign-on: javascript: and data: URLs are refused with the field's message, and a client ID made of markup is kept as text", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = guard(page);
  // A domain of its own: the team's single sign-on concerns only it.
  const domain = `sso-injection-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.example.com`;
  await signUpWithTeam(page, { email: `owner@${domain}` });
  await page.goto("/settings/sso");
  await expect(page.getByRole("heading", { name: "Single sign-on", level: 1 })).toBeVisible();
  const invalid = "Enter a full web address, starting with https://.";

  await page.getByLabel("Issuer URL").fill(PAYLOADS.javascriptUrl);
  await page.getByRole("button", { name: "Fill in from the issuer" }).click();
  await expect(page.getByText(invalid)).toBeVisible();
  await owner.expectUnharmed("the single sign-on page, discovery refused");

  const base = "http://127.0.0.1:5181";
  const fields = {
    "Issuer URL": base,
    "Authorization URL": PAYLOADS.javascriptUrl,
    "Token URL": "data:text/html,<script>window.__pwned=1</script>",
    "Userinfo URL": `${base}/me`,
    "Revocation URL": `${base}/token/revocation`,
    "JWKS URL": `${base}/jwks`,
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
  const clientId = atMaximum(`${PAYLOADS.img} ${PAYLOADS.svg} `, 255);
  await page.getByLabel("Client ID").fill(clientId);
  await page.getByLabel("Client secret").fill(PAYLOADS.script);
  await page.getByRole("checkbox", { name: "Enable single sign-on" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(invalid)).toHaveCount(2);
  await expect(page.getByLabel("Authorization URL")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Token URL")).toHaveAttribute("aria-invalid", "true");
  await owner.expectUnharmed("the single sign-on page, save refused");

  await page.getByLabel("Authorization URL").fill(`${base}/auth`);
  await page.getByLabel("Token URL").fill(`${base}/token`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The single sign-on settings were saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Client ID")).toHaveValue(clientId.trim());
  await expect(page.getByLabel("Client secret")).toHaveValue("");
  await expectNoScriptLink(page, "the single sign-on page");
  await owner.expectUnharmed("the single sign-on page, saved");
});

test("markup in profile names, a member's support message and the operator's answer reads as text on both sides and in the answer mail", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = guard(page);
  const memberEmail = await signUpWithTeam(page);

  // Profile names edited to markup, at the maximum for the last name.
  const firstname = PAYLOADS.img;
  const lastname = atMaximum(`${PAYLOADS.svg}${Date.now().toString(36)}`, 100);
  await page.goto("/settings/profile");
  await page.getByRole("textbox", { name: "First name" }).fill(firstname);
  await page.getByRole("textbox", { name: "Last name" }).fill(lastname);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your profile has been updated.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue(firstname);
  await expect(page.getByRole("textbox", { name: "Last name" })).toHaveValue(lastname);
  await member.expectUnharmed("the profile page");
  await page.goto("/");
  await expectShown(page, firstname);
  await member.expectUnharmed("the dashboard");

  // A message made of every payload, at the maximum.
  const question = `${ALL_PAYLOADS}\n${atMaximum(PAYLOADS.script, 4000 - ALL_PAYLOADS.length - 1)}`;
  await page.goto("/settings/support");
  await page.getByRole("textbox", { name: /Your message/ }).fill(question);
  await expect(page.getByText("4000 / 4000 characters")).toBeVisible();
  await page.getByRole("button", { name: "Send" }).click();
  const memberLog = page.getByRole("log", { name: "Your conversation with support" });
  await expectShown(memberLog, PAYLOADS.img);
  await expectShown(memberLog, PAYLOADS.template);
  await member.expectUnharmed("the support page");

  const operator = await signInOperator(browser);
  const support = guard(operator);
  await operator
    .getByRole("button", { name: `Open the conversation with ${firstname} ${lastname}` })
    .click();
  const operatorLog = operator.getByRole("log");
  await expectShown(operatorLog, PAYLOADS.img);
  await expectShown(operatorLog, PAYLOADS.svg);
  await expectShown(operator, memberEmail);
  await support.expectUnharmed("the operator's conversation");
  const answer = `${PAYLOADS.svg}\n${PAYLOADS.script}\n${PAYLOADS.javascriptUrl}\n${PAYLOADS.template}`;
  await operator.getByRole("textbox", { name: /Your answer/ }).fill(answer);
  await operator.getByRole("button", { name: "Send the answer" }).click();
  await expectShown(operatorLog, PAYLOADS.javascriptUrl);
  await support.expectUnharmed("the operator's conversation, answered");
  await expectNoScriptLink(operator, "the operator's conversation");
  await operator.context().close();

  // The member's open page shows the answer with the next poll; the mail carries it as text.
  await expectShown(memberLog, PAYLOADS.javascriptUrl);
  await expectNoScriptLink(page, "the support page");
  await member.expectUnharmed("the support page, answered");
  let answered: ReceivedMail | undefined;
  await expect(async () => {
    answered = (await mailTo(memberEmail)).find((mail) => mail.subject.includes("support"));
    expect(answered).toBeDefined();
  }).toPass({ timeout: 30_000 });
  await expectMailInert(page, answered!, answer.split("\n"));
});

test("markup in a team's edited message reads as text in the preview and in the signer's invitation mail", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = guard(page);
  await signUpWithTeam(page);
  const subject = `${PAYLOADS.img} {{envelopeTitle}}`;
  const lines = [PAYLOADS.script, PAYLOADS.svg, PAYLOADS.javascriptUrl];
  await page.goto("/settings/messages");
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page
    .getByRole("textbox", { name: "Body" })
    .fill(`Hello {{signerName}},\n\n${lines.join("\n\n")}\n\n{{link}}`);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("mail-text-preview");
  for (const line of lines) await expectShown(preview, line);
  await expectShown(preview, PAYLOADS.img);
  await page.getByRole("button", { name: "Save the text" }).click();
  await expect(page.getByText("Text saved: mails sent from now on use it.")).toBeVisible();
  await owner.expectUnharmed("the messages settings");

  const signer = { email: uniqueEmail("injection-message"), firstname: "Ada", lastname: "Byron" };
  await prepareAndSend(page, [signer], { sequential: false });
  const mail = await waitForMail(signer.email);
  expect(mail.subject).toContain(PAYLOADS.img);
  await expectMailInert(page, mail, [...lines, "Hello Ada Byron,"]);
});
