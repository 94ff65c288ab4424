import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { APPROVING } from "./approver-flow";
import {
  AGREEMENT,
  EDITOR,
  openAsRecipient,
  readEveryPage,
  SIGNING,
  signByTyping,
} from "./envelope-flow";
import {
  DEVELOPMENT_SEAL_CERTIFICATE,
  downloadSealedAndProof,
  downloadTo,
  parapheVerify,
  pdfsigReport,
} from "./sealed-files";
import {
  apiClientAs,
  createAccountWithTeam,
  expectAccessible,
  keepScreenshot,
  mailTo,
  openSignedIn,
  uniqueEmail,
  waitForMail,
} from "./support";
import { VALIDATION_AUTHORITY } from "./validation-authority";

// A whole signing workflow in steps: the sender puts recipients in numbered steps, and each step
// is invited once the previous one has ended. The set-up through the api, the steps set in the web
// app's editor, every recipient acting through the signing pages; then the sealed result checked
// with the tools anyone has (pdfsig, qpdf, pdfdetach, pdftotext) and with paraphe-verify.

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

const run = promisify(execFile);

/** A one-page PDF saying `text`, with a correct cross-reference table (a signer's small file). */
function smallPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

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

test("a three-step workflow with a copy and a viewer, steps set with the editor's step pickers (editor and view in steps accessible in en and fr at 390 and 1280 px): each step invited as the previous ends, a signer delegates on a phone in French, another attaches a PDF, the envelope complete once the viewer read every page; the sealed PDF passes pdfsig, qpdf and paraphe-verify, carries the attachment, its proof lists the steps, the delegation and the file's hash, and the copy receives both", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const sender = await createAccountWithTeam();
  const person = (label: string, firstname: string, lastname: string) => ({
    email: uniqueEmail(label),
    firstname,
    lastname,
    name: `${firstname} ${lastname}`,
  });
  const approver = person("flow-approver", "Alan", "Turing");
  const ada = person("flow-ada", "Ada", "Lovelace");
  const grace = person("flow-grace", "Grace", "Hopper");
  const edsger = person("flow-edsger", "Edsger", "Dijkstra");
  const viewer = person("flow-viewer", "Barbara", "Liskov");
  const copy = person("flow-copy", "Charles", "Babbage");
  const delegate = person("flow-delegate", "Émile", "Zola");
  const reason = "En congé cette semaine.";
  const receipt = smallPdf("Receipt 2026-117");

  // The draft through the api: the document, delegation allowed, the recipients but the viewer (in
  // no step yet), a signature for each signer and an attachment field for Ada.
  const api = apiClientAs(sender);
  let editUrl: string;
  try {
    const draft = await api.envelope.upload({
      files: [{ filename: "agreement.pdf", data: (await readFile(AGREEMENT)).toString("base64") }],
      title: "Supply agreement",
    });
    const envelopeUuid = draft.uuid;
    await api.envelope.update({ envelopeUuid, options: { allowDelegation: true } });
    const { recipients } = await api.envelope.saveRecipients({
      envelopeUuid,
      recipients: (
        [
          [approver, "approver"],
          [ada, "signer"],
          [grace, "signer"],
          [edsger, "signer"],
          [copy, "cc"],
        ] as const
      ).map(([{ email, firstname, lastname }, kind]) => ({ email, firstname, lastname, kind })),
    });
    const uuidOf = (email: string) => recipients.find((item) => item.email === email)?.uuid ?? "";
    const documentUuid = draft.documents[0]?.uuid ?? "";
    const at = (y: number) => ({ documentUuid, page: 1, x: 0.1, y, width: 0.3, height: 0.08 });
    await api.envelope.saveFields({
      envelopeUuid,
      fields: [
        { ...at(0.2), kind: "signature", recipientUuid: uuidOf(ada.email) },
        { ...at(0.35), kind: "signature", recipientUuid: uuidOf(grace.email) },
        { ...at(0.5), kind: "signature", recipientUuid: uuidOf(edsger.email) },
        { ...at(0.65), kind: "attachment", recipientUuid: uuidOf(ada.email) },
      ],
    });
    editUrl = `/envelopes/${draft.workspaceUuid}/${envelopeUuid}/edit`;
  } finally {
    api.tunnel.destroy();
  }

  // The viewer, added in the editor's recipient dialog with that role.
  await openSignedIn(page, sender);
  await page.goto(editUrl);
  const t = EDITOR.en;
  await page.getByRole("button", { name: t.add, exact: true }).click();
  const adding = page.getByRole("dialog");
  await adding.getByRole("combobox", { name: t.email, exact: true }).fill(viewer.email);
  await adding.getByRole("textbox", { name: t.firstname, exact: true }).fill(viewer.firstname);
  await adding.getByRole("textbox", { name: t.lastname, exact: true }).fill(viewer.lastname);
  await adding.getByRole("radio", { name: /^Viewer/ }).click();
  await adding.getByRole("button", { name: t.addRecipient }).click();
  await expect(adding).toBeHidden({ timeout: 30_000 });

  // The steps, by the step pickers (a select: keyboard and pointer alike): the approver, then Ada
  // and Grace at once, then Edsger and the viewer.
  await page.getByRole("radio", { name: STEPS.en.custom }).click();
  const stepRegion = (n: number) =>
    page.getByRole("region", { name: STEPS.en.step(n), exact: true });
  await expect(stepRegion(1).getByText(edsger.name)).toBeVisible();
  for (const [recipient, step] of [
    [ada, 2],
    [grace, 2],
    [edsger, 3],
    [viewer, 3],
  ] as const) {
    await page
      .getByRole("combobox", { name: STEPS.en.stepOf(recipient.name) })
      .selectOption(String(step));
    await expect(stepRegion(step).getByText(recipient.name)).toBeVisible();
  }
  await expect(page.getByText(t.saved)).toBeVisible({ timeout: 15_000 });
  await accessibleAtBothWidths(page, "editor in steps (en)", testInfo, "editor-steps-en");
  // The same in French, then back to English to send.
  const frenchEdit = new URL(page.url());
  frenchEdit.searchParams.set("lng", "fr");
  await page.goto(frenchEdit.toString());
  await expect(
    page.getByRole("region", { name: STEPS.fr.step(3), exact: true }).getByText(edsger.name),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("combobox", { name: STEPS.fr.stepOf(grace.name) })).toHaveValue("2");
  await accessibleAtBothWidths(page, "editor in steps (fr)", testInfo, "editor-steps-fr");
  frenchEdit.searchParams.set("lng", "en");
  await page.goto(frenchEdit.toString());
  await expect(stepRegion(3)).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: t.send, exact: true }).click();
  await page.waitForURL(/\/view$/);
  const viewUrl = page.url();

  // Step 1: only the approver is invited.
  const approving = await openAsRecipient(browser, approver.email, 1);
  for (const later of [ada, grace, edsger, viewer, copy]) {
    expect(await mailTo(later.email)).toHaveLength(0);
  }
  await readEveryPage(approving);
  await approving.getByRole("button", { name: APPROVING.en.approve, exact: true }).click();
  await expect(approving.getByRole("heading", { name: APPROVING.en.approved })).toBeVisible();
  await approving.context().close();

  // Step 2: Ada and Grace at once. Grace hands her turn on from her phone, in French; her delegate
  // signs in her place; step 3 waits for Ada too.
  const handing = await openAsRecipient(browser, grace.email, 1, "fr");
  await handing.getByRole("button", { name: "Confier mon tour à une autre personne" }).click();
  const dialog = handing.getByRole("dialog", { name: "Confier votre tour à une autre personne" });
  await dialog.getByRole("textbox", { name: /Prénom/ }).fill(delegate.firstname);
  await dialog.getByRole("textbox", { name: /^Nom/ }).fill(delegate.lastname);
  await dialog.getByRole("textbox", { name: /Adresse e-mail/ }).fill(delegate.email);
  await dialog.getByRole("textbox", { name: /Motif/ }).fill(reason);
  await dialog.getByRole("button", { name: "Confier mon tour" }).click();
  await expect(handing.getByRole("heading", { name: "Ce lien a été délégué" })).toBeVisible();
  await handing.context().close();
  await signByTyping(browser, delegate.email, delegate.name);
  expect(await mailTo(ada.email)).toHaveLength(1);
  for (const later of [edsger, viewer]) {
    expect(await mailTo(later.email)).toHaveLength(0);
  }
  // Ada attaches her receipt, then signs.
  await signByTyping(browser, ada.email, ada.name, async (signing) => {
    await signing.locator('[data-field-kind="attachment"]').click();
    const sheet = signing.getByRole("dialog");
    await sheet
      .locator('input[type="file"]')
      .setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: receipt });
    await expect(sheet.getByText("receipt.pdf")).toBeVisible();
    await sheet.getByRole("button", { name: "Done" }).click();
  });

  // Step 3: Edsger signs; the envelope completes once the viewer has read every page.
  expect(await mailTo(copy.email)).toHaveLength(0);
  await signByTyping(browser, edsger.email, edsger.name);
  const viewing = await openAsRecipient(browser, viewer.email, 1);
  await expect(viewing.getByText(/You are asked to read this document/)).toBeVisible();
  await readEveryPage(viewing);
  await viewing.getByRole("button", { name: "I have read the document" }).click();
  await expect(viewing.getByRole("heading", { name: "You have read this document" })).toBeVisible();
  await viewing.context().close();

  // The sender downloads the sealed PDF and its proof once sealed: the completion mails (the
  // copy's among them) leave in the transaction that marks the envelope complete.
  const completion = await waitForMail(copy.email, 1, 90_000);
  await page.goto(viewUrl);
  await expect(page.getByRole("button", { name: SIGNING.en.downloadSealed })).toBeVisible({
    timeout: 15_000,
  });
  // The view shows the steps, and its activity the end of each step.
  for (const step of [1, 2, 3]) {
    await expect(
      page.getByRole("heading", { name: STEPS.en.step(step), exact: true }),
    ).toBeVisible();
  }
  await expect(page.getByText("Signing step ended").first()).toBeVisible();
  await accessibleAtBothWidths(page, "envelope view in steps (en)", testInfo, "view-steps-en");
  const files = await downloadSealedAndProof(page, "workflow");
  for (const file of [files.sealed, files.proof]) {
    const sig = await pdfsigReport(file);
    expect(sig).toContain("Signature is Valid");
    // Sealed at PAdES B-LTA: the seal covers the file up to its validation data, which a
    // document timestamp (the suite's timestamp authority) covers in turn.
    expect(sig).toContain("Signature Field Name: Paraphe archival timestamp");
  }
  // The attachment is in the sealed PDF's embedded files.
  const embedded = await run("pdfdetach", ["-list", files.sealed]).then((result) => result.stdout);
  expect(embedded).toContain("receipt.pdf");
  // The proof lists every step with whom it invited, the delegation (who, to whom, why) and the
  // attachment with its hash. (Compared without white space: the proof's table cells wrap.)
  const compact = (text: string) => text.replace(/\s+/g, "");
  const proofText = compact(
    await run("pdftotext", ["-raw", files.proof, "-"]).then((r) => r.stdout),
  );
  const who = (recipient: typeof ada) => `${recipient.name} <${recipient.email}>`;
  for (const said of [
    `Step 1 of 3 Invited: ${who(approver)}`,
    `Step 2 of 3 Invited: ${who(ada)}, ${who(grace)}`,
    `Step 3 of 3 Invited: ${who(edsger)}, ${who(viewer)}`,
    `${who(grace)} delegated to ${who(delegate)} Reason: ${reason}`,
    `Attachment receipt.pdf (${String(receipt.length)} bytes), SHA-256 ${sha256(receipt)}`,
  ]) {
    expect(proofText).toContain(compact(said));
  }
  // Step 1 invited the approver only: the signers of step 2 came after it ended.
  expect(proofText).not.toContain(compact(`Step 1 of 3 Invited: ${who(approver)},`));

  // paraphe-verify, built, as users run it: the development seal certificate is the one trusted,
  // and the suite's validation authority for the seal's timestamps (B-LTA).
  const verified = parapheVerify(
    files,
    "--ca",
    DEVELOPMENT_SEAL_CERTIFICATE,
    "--tsa-ca",
    VALIDATION_AUTHORITY.caFile,
  );
  expect(verified.status, verified.stdout + verified.stderr).toBe(0);
  expect(verified.stdout).toContain("Valid: the sealed document and its proof are intact");

  // The view in steps in French.
  const frenchView = new URL(viewUrl);
  frenchView.searchParams.set("lng", "fr");
  await page.goto(frenchView.toString());
  await expect(page.getByRole("heading", { name: STEPS.fr.step(3), exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await accessibleAtBothWidths(page, "envelope view in steps (fr)", testInfo, "view-steps-fr");

  // The copy got the completion mail; its link gives the same sealed PDF and proof.
  expect(completion.subject).toContain("is signed by everyone");
  expect(completion.text).toContain("You were copied on");
  const copied = await openAsRecipient(browser, copy.email, 1);
  for (const [label, file, same] of [
    ["Download the signed PDF", "copy-sealed.pdf", files.sealed],
    ["Download the audit-log proof", "copy-proof.pdf", files.proof],
  ] as const) {
    await downloadTo(copied, label, join(files.dir, file));
    expect(sha256(await readFile(join(files.dir, file)))).toBe(sha256(await readFile(same)));
  }
  await copied.context().close();
});
