import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import {
  AGREEMENT,
  EDITOR,
  openAsRecipient,
  openWhenComplete,
  prepareAndSend,
  readEveryPage,
  SIGNING,
  swipe,
} from "./envelope-flow";
import {
  ALL_PAYLOADS,
  expectShown,
  atMaximum,
  guard,
  parseHtml,
  PAYLOADS,
  squeezed,
} from "./injection-payloads";
import { mailTo, signUpWithTeam, uniqueEmail, waitForMail, type ReceivedMail } from "./support";
import { TEMPLATE } from "./template-flow";

// Script injection (issue 16): script and markup typed into the text inputs of both apps is shown
// as text everywhere it comes back (pages, mails, the PDFs' text layer) and never runs.

const run = promisify(execFile);

const DOCUMENT_TITLE = `${PAYLOADS.script} ${PAYLOADS.svg}`;
const SENDER = { firstname: PAYLOADS.img, team: PAYLOADS.template };
const SIGNER_TEXT = `${PAYLOADS.hyperlink} ${PAYLOADS.img}`;

async function expectMailInert(page: Page, mail: ReceivedMail, shown: string[]): Promise<void> {
  const parsed = await parseHtml(page, mail.html);
  expect(parsed.injected, `markup from a payload in the mail "${mail.subject}"`).toEqual([]);
  for (const text of shown) expect(parsed.text, `mail "${mail.subject}"`).toContain(squeezed(text));
}

async function expectPdfInert(file: string, shown: string[]): Promise<void> {
  const { stdout: text } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
  // Stamped text wraps inside its field's box: compare without white space.
  const bare = (value: string) => value.replace(/\s+/g, "");
  for (const expected of shown) expect(bare(text), file).toContain(bare(expected));
  // No action in the file runs anything: no JavaScript, no launch, no open action.
  const { stdout: json } = await run("qpdf", ["--json", file], {
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(json).not.toMatch(/\/(JavaScript|JS|Launch|OpenAction|AA|SubmitForm|ImportData)\b/);
}

test("script and markup in names, the title, the message and a signer's field values never run and read as text in the apps, the mails and the PDFs", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const sender = guard(page);
  const senderEmail = await signUpWithTeam(page, {
    firstname: SENDER.firstname,
    team: SENDER.team,
  });
  await sender.expectUnharmed("the dashboard");
  await expectShown(page, SENDER.team);

  const signer = {
    email: uniqueEmail("injection-signer"),
    firstname: PAYLOADS.svg,
    lastname: PAYLOADS.template,
  };
  const signerName = `${signer.firstname} ${signer.lastname}`;
  const message = `${ALL_PAYLOADS}\n${atMaximum(PAYLOADS.script, 2000 - ALL_PAYLOADS.length - 1)}`;
  const viewUrl = await prepareAndSend(page, [signer], {
    sequential: false,
    beforeSend: async (editor) => {
      const t = EDITOR.en;
      // A text field the signer fills, and a name field filled with the signer's name.
      for (const [kind, y] of [
        ["Text", 200],
        ["Name", 300],
      ] as const) {
        await editor.getByRole("button", { name: kind, exact: true }).click();
        await editor.getByRole("button", { name: t.placeOn(1) }).click({ position: { x: 120, y } });
      }
      await editor.getByRole("heading", { level: 1 }).getByRole("button").click();
      await editor.getByRole("textbox", { name: "Document title" }).fill(DOCUMENT_TITLE);
      await editor.keyboard.press("Enter");
      await editor.getByRole("textbox", { name: "Invitation message" }).fill(message);
      await expect(editor.getByText("2000 / 2000 characters")).toBeVisible();
      await sender.expectUnharmed("the envelope editor");
    },
  });
  await expectShown(page, DOCUMENT_TITLE);
  await expectShown(page, signerName);
  await sender.expectUnharmed("the envelope view, sent");

  // The invitation shows the sender, the team, the title and the message as text.
  const invitation = await waitForMail(signer.email, 1, 30_000);
  expect(invitation.subject).not.toMatch(/&lt;|&gt;|&amp;/);
  await expectMailInert(page, invitation, [DOCUMENT_TITLE, PAYLOADS.img, PAYLOADS.javascriptUrl]);

  // The signer, on the signing app, sees the same as text and types markup into the text field.
  const one = await openAsRecipient(browser, signer.email);
  const recipient = guard(one);
  await readEveryPage(one);
  await expectShown(one, DOCUMENT_TITLE);
  await recipient.expectUnharmed("the signing page");
  // The text field opens a sheet with its input.
  await one.getByRole("button", { name: /^Text/ }).click();
  await one.getByRole("dialog").getByRole("textbox", { name: /^Text/ }).fill(SIGNER_TEXT);
  await one.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  await one.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await one.getByRole("tab", { name: SIGNING.en.type }).click();
  await one.getByRole("textbox", { name: SIGNING.en.typedName }).fill(PAYLOADS.script);
  await swipe(one);
  await one.waitForURL(/\/confirmation/);
  await recipient.expectUnharmed("the signing confirmation");

  // The sender sees it complete: the list, the view with its activity, the dashboard.
  await openWhenComplete(page, senderEmail, viewUrl);
  await expect(page.getByRole("button", { name: SIGNING.en.downloadSealed })).toBeVisible({
    timeout: 15_000,
  });
  await expectShown(page, signerName);
  await sender.expectUnharmed("the envelope view, completed");
  await page.goto("/envelopes");
  await expectShown(page, DOCUMENT_TITLE);
  await sender.expectUnharmed("the envelope list");
  await page.goto("/");
  await sender.expectUnharmed("the dashboard");

  // The sealed PDF holds the signer's values and the proof the title and names, as plain text,
  // and neither carries an action that could run.
  await page.goto(viewUrl);
  const dir = await mkdtemp(join(tmpdir(), "paraphe-injection-"));
  for (const [name, label, shown] of [
    ["sealed.pdf", SIGNING.en.downloadSealed, [SIGNER_TEXT, signerName]],
    ["proof.pdf", SIGNING.en.downloadProof, [DOCUMENT_TITLE, signerName]],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: label }).click(),
    ]);
    const file = join(dir, name);
    await download.saveAs(file);
    await expectPdfInert(file, [...shown]);
  }

  // Every mail of the flow (invitation, completion to both) is inert.
  const completed = await waitForMail(signer.email, 2, 60_000);
  await expectMailInert(page, completed, [DOCUMENT_TITLE]);
});

test("a decline reason made of markup reads as text for the sender, in the activity and in the mail", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const sender = guard(page);
  const senderEmail = await signUpWithTeam(page, { firstname: PAYLOADS.svg });
  const signer = {
    email: uniqueEmail("injection-decliner"),
    firstname: PAYLOADS.img,
    lastname: PAYLOADS.bidi,
  };
  const reason = atMaximum(`${PAYLOADS.img} ${PAYLOADS.script} `, 499);
  const viewUrl = await prepareAndSend(page, [signer], { sequential: false });

  const one = await openAsRecipient(browser, signer.email);
  const recipient = guard(one);
  await one.getByRole("button", { name: "Decline", exact: true }).click();
  const dialog = one.getByRole("dialog", { name: "Decline to sign" });
  await dialog.getByRole("textbox", { name: "Reason" }).fill(reason);
  await dialog.getByRole("button", { name: "Decline", exact: true }).click();
  await expect(one.getByRole("heading", { name: "You declined this document" })).toBeVisible();
  await recipient.expectUnharmed("the declined page");

  await page.goto(viewUrl);
  await expectShown(page, reason.trim());
  await sender.expectUnharmed("the envelope view, declined");

  // The sender is told by mail; the reason is text there too.
  let declined: ReceivedMail | undefined;
  await expect(async () => {
    declined = (await mailTo(senderEmail)).find((mail) => mail.subject.includes("declined"));
    expect(declined).toBeDefined();
  }).toPass({ timeout: 30_000 });
  expect(declined!.subject).toContain(PAYLOADS.img);
  await expectMailInert(page, declined!, [reason, PAYLOADS.img]);
});

test("markup and spreadsheet formulas in imported contact cells read as text, and the contacts export neutralises the formulas", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const member = guard(page);
  await signUpWithTeam(page);
  const formula = uniqueEmail("formula-contact");
  const markup = uniqueEmail("markup-contact");
  const longName = atMaximum(PAYLOADS.script, 100);
  const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`;
  await page.goto("/contacts/import");
  await page.locator('input[type="file"]').setInputFiles({
    name: "contacts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `email,firstname,lastname\n` +
        `${formula},${csvCell(PAYLOADS.hyperlink)},${csvCell(PAYLOADS.dde)}\n` +
        `${markup},${csvCell(PAYLOADS.img)},${csvCell(longName)}\n`,
    ),
  });
  const preview = page.getByRole("table", { name: "Rows of the file" });
  await expect(preview.getByText(PAYLOADS.hyperlink)).toBeVisible();
  await expect(preview.getByText(PAYLOADS.img)).toBeVisible();
  await member.expectUnharmed("the contacts import preview");
  await page.getByRole("button", { name: "Import 2 rows" }).click();
  await page.waitForURL(/\/contacts\/[0-9a-f-]+$/);

  await page.goto("/contacts");
  const table = page.getByRole("table", { name: "Contacts" });
  await expectShown(table, PAYLOADS.hyperlink);
  await expectShown(table, PAYLOADS.img);
  await member.expectUnharmed("the contacts list");

  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Export as CSV" }).click(),
  ]);
  const dir = await mkdtemp(join(tmpdir(), "paraphe-injection-"));
  const file = join(dir, "contacts.csv");
  await download.saveAs(file);
  const csv = await readFile(file, "utf8");
  // A cell that a spreadsheet would run as a formula starts with an apostrophe; none starts bare.
  expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
  expect(csv).toContain(`'+cmd|' /C calc'!A0`);
  const cells = csv.split(/\r\n/).flatMap((line) => line.split(","));
  for (const cell of cells) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+\-@]/);
  await member.expectUnharmed("the contacts list after the export");
});

test("markup in a workspace name, a tag name and an API key description reads as text on the settings pages and in the envelope list", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = guard(page);
  await signUpWithTeam(page);
  const workspaceName = atMaximum(`${PAYLOADS.img} `, 100).trim();
  const tagName = PAYLOADS.svg;
  const keyDescription = `${PAYLOADS.script} ${PAYLOADS.bidi}`;

  await page.goto("/settings/workspaces");
  await page.getByRole("button", { name: "New workspace" }).click();
  const workspace = page.getByRole("dialog", { name: "New workspace" });
  await workspace.getByLabel(/^Name/).fill(workspaceName);
  await workspace.getByRole("button", { name: "Colour #7c3aed" }).click();
  await workspace.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("row").filter({ hasText: workspaceName })).toBeVisible();
  await owner.expectUnharmed("the workspaces page");

  await page.goto("/settings/tags");
  await page.getByRole("button", { name: "New tag" }).click();
  const tag = page.getByRole("dialog", { name: "New tag" });
  await tag.getByLabel(/^Name/).fill(tagName);
  await tag.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("row").filter({ hasText: tagName })).toBeVisible();
  await owner.expectUnharmed("the tags page");

  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create an API key" }).click();
  const key = page.getByRole("dialog", { name: "Create an API key" });
  await key.getByRole("textbox", { name: "Description" }).fill(keyDescription);
  await key
    .getByRole("checkbox", { name: "Create (templates, and envelopes from templates)" })
    .click();
  await key.getByRole("button", { name: "Create the key" }).click();
  const shown = page.getByRole("dialog", { name: "Your new API key" });
  await shown.getByRole("button", { name: "I have saved the secret key" }).click();
  await expect(page.getByRole("row").filter({ hasText: PAYLOADS.script })).toBeVisible();
  await owner.expectUnharmed("the API keys page");

  // The envelope list offers the workspace and the tag as filters.
  await page.goto("/envelopes");
  await expect(page.getByRole("tabpanel")).toHaveAttribute("aria-busy", "false");
  await owner.expectUnharmed("the envelope list");
  await page.goto("/");
  await owner.expectUnharmed("the dashboard");
});

test("markup in a template's title and role labels reads as text in the template editor and list", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = guard(page);
  await signUpWithTeam(page);
  const title = `${PAYLOADS.template} ${PAYLOADS.img}`;
  const role = atMaximum(PAYLOADS.svg, 50);
  await page.goto("/templates");
  await page.getByRole("button", { name: TEMPLATE.newTemplate }).first().click();
  await page.locator('input[type="file"]').setInputFiles(AGREEMENT);
  await page.getByRole("button", { name: TEMPLATE.uploadSubmit }).click();
  await page.waitForURL(/\/templates\/[0-9a-f-]+\/[0-9a-f-]+\/edit$/);
  await page.getByRole("button", { name: EDITOR.en.add, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: TEMPLATE.roleLabel }).fill(role);
  await dialog.getByRole("button", { name: TEMPLATE.addRole }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("heading", { level: 1 }).getByRole("button").click();
  await page.getByRole("textbox", { name: "Document title" }).fill(title);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expectShown(page, role);
  await expect(page.getByText(EDITOR.en.saved)).toBeVisible({ timeout: 15_000 });
  await owner.expectUnharmed("the template editor");

  await page.goto("/templates");
  await expectShown(page, title);
  await owner.expectUnharmed("the template list");
});
