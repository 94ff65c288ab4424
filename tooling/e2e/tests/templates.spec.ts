import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { APPROVING } from "./approver-flow";
import {
  openAsRecipient,
  openWhenComplete,
  readEveryPage,
  SIGNING,
  signByTyping,
} from "./envelope-flow";
import { expectAccessible, keepScreenshot, mailTo, signUpWithTeam, uniqueEmail } from "./support";
import { createActiveTemplate, TEMPLATE } from "./template-flow";

const run = promisify(execFile);

/** Signs as the person of the `count`-th invitation to `email`, typing their name. */
test("a template with two signer roles and an approver is activated; an envelope from it goes to a contact and typed people; the approver approves, both sign, and the sealed PDF passes pdfsig", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const sender = await signUpWithTeam(page);

  // A contact to choose for the first role.
  const contactEmail = uniqueEmail("template-contact");
  await page.goto("/contacts/new");
  await page.getByRole("textbox", { name: /^Email/ }).fill(contactEmail);
  await page.getByRole("textbox", { name: /^First name/ }).fill("Grace");
  await page.getByRole("textbox", { name: /^Last name/ }).fill("Hopper");
  await page.getByRole("button", { name: "Create contact" }).click();
  await page.waitForURL(/\/contacts\/[0-9a-f-]+\/.+$/);

  const editUrl = await createActiveTemplate(page, testInfo, { approver: "Director" });

  // The list shows it active, with its actions.
  await page.goto("/templates/active");
  await expect(page.getByRole("cell", { name: "Active" }).first()).toBeVisible();
  await keepScreenshot(page, testInfo, "templates-list-1280-en");

  await page.goto(editUrl.replace(/\/edit$/, "/create-envelope"));
  const employee = page.getByRole("group", { name: "Employee (Signer)" });
  const manager = page.getByRole("group", { name: "Manager (Signer)" });
  await employee.getByRole("combobox", { name: TEMPLATE.email }).fill("Grace");
  await employee.getByRole("option", { name: /Grace Hopper/ }).click();
  await expect(employee.getByRole("textbox", { name: TEMPLATE.lastname })).toHaveValue("Hopper");
  // A role left empty: nothing is created.
  await page.getByRole("button", { name: TEMPLATE.createAndSend }).click();
  await expect(page.getByText(TEMPLATE.selectAll)).toBeVisible();
  await expectAccessible(page, "create envelope from a template, a role missing (en, 1280 px)");

  const director = page.getByRole("group", { name: "Director (Approver)" });
  const directorEmail = uniqueEmail("template-approver");
  await director.getByRole("combobox", { name: TEMPLATE.email }).fill(directorEmail);
  await director.getByRole("textbox", { name: TEMPLATE.firstname }).fill("Dora");
  await director.getByRole("textbox", { name: TEMPLATE.lastname }).fill("Director");
  const typedEmail = uniqueEmail("template-typed");
  await manager.getByRole("combobox", { name: TEMPLATE.email }).fill(typedEmail);
  await manager.getByRole("textbox", { name: TEMPLATE.firstname }).fill("Alan");
  await manager.getByRole("textbox", { name: TEMPLATE.lastname }).fill("Turing");
  await keepScreenshot(page, testInfo, "template-create-envelope-1280-en");
  await page.getByRole("button", { name: TEMPLATE.createAndSend }).click();
  await page.waitForURL(/\/envelopes\/[0-9a-f-]+\/[0-9a-f-]+\/view$/);
  const viewUrl = page.url();

  // The approver approves first; the signers are invited only then.
  const approving = await openAsRecipient(browser, directorEmail);
  expect(await mailTo(contactEmail)).toHaveLength(0);
  await readEveryPage(approving);
  await approving.getByRole("button", { name: APPROVING.en.approve, exact: true }).click();
  await expect(approving.getByRole("heading", { name: APPROVING.en.approved })).toBeVisible();
  await approving.context().close();

  await signByTyping(browser, contactEmail, "Grace Hopper");
  await signByTyping(browser, typedEmail, "Alan Turing");

  await openWhenComplete(page, sender, viewUrl);
  await expect(page.getByRole("button", { name: SIGNING.en.downloadSealed })).toBeVisible({
    timeout: 15_000,
  });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: SIGNING.en.downloadSealed }).click(),
  ]);
  const file = join(await mkdtemp(join(tmpdir(), "paraphe-e2e-")), "sealed.pdf");
  await download.saveAs(file);
  const sig = await run("pdfsig", [file]).then((result) => result.stdout);
  expect(sig).toContain("Signature is Valid");
  // Sealed at PAdES B-LTA: the seal covers the file up to its validation data, which a
  // document timestamp (the suite's timestamp authority) covers in turn.
  expect(sig).toContain("Signature Field Name: Paraphe archival timestamp");
});
