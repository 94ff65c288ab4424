import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { expect, test as setup } from "@playwright/test";
import { EDITOR, prepareAndSend, uploadAgreement } from "./envelope-flow";
import { PHONE_LAYOUT_TEAM_FILE, SIGNER, type PhoneLayoutTeam } from "./phone-layout-team";
import { signUpWithTeam, uniqueEmail } from "./support";

// Once per run, before the layout tests (playwright.config.ts): a team with a sent envelope, a
// draft, a contact and a pending invitation, made through the web app; its session and the pages'
// addresses go to a file that every layout test reads.

setup("a team for the layout tests sends an envelope and fills its pages", async ({ browser }) => {
  setup.setTimeout(180_000);
  const context = await browser.newContext({
    baseURL: "http://localhost:5173",
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signUpWithTeam(page);
  const signerEmail = uniqueEmail("phone-signer");
  const viewUrl = await prepareAndSend(page, [{ email: signerEmail, ...SIGNER }], {
    sequential: false,
  });
  const workspaceUuid = new URL(viewUrl).pathname.split("/")[2] ?? "";

  await uploadAgreement(page);
  const editUrl = page.url();
  await page.getByRole("button", { name: EDITOR.en.add, exact: true }).click();
  const recipient = page.getByRole("dialog");
  await recipient.getByRole("combobox", { name: EDITOR.en.email, exact: true }).fill(signerEmail);
  await recipient
    .getByRole("textbox", { name: EDITOR.en.firstname, exact: true })
    .fill(SIGNER.firstname);
  await recipient
    .getByRole("textbox", { name: EDITOR.en.lastname, exact: true })
    .fill(SIGNER.lastname);
  await recipient.getByRole("button", { name: EDITOR.en.addRecipient }).click();
  await expect(recipient).toBeHidden();

  await page.goto("/contacts/new");
  await page.getByRole("textbox", { name: /^Email/ }).fill(uniqueEmail("phone-contact"));
  await page.getByRole("textbox", { name: /^First name/ }).fill("Grace");
  await page.getByRole("textbox", { name: /^Last name/ }).fill("Hopper");
  await page.getByRole("button", { name: "Create contact" }).click();
  await page.waitForURL(/\/contacts\/[0-9a-f-]+\/.+$/);
  const contactUrl = page.url();

  await page.goto("/settings/members");
  await page.getByRole("button", { name: "Invite a member" }).click();
  const invite = page.getByRole("dialog", { name: "Invite a member" });
  const invitee = `a-rather-long-address-${uniqueEmail("invitee")}`;
  await invite.getByRole("textbox", { name: "Email address" }).fill(invitee);
  await invite.getByRole("combobox", { name: "Role" }).selectOption({ label: "Viewer" });
  await invite.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();

  const team: PhoneLayoutTeam = {
    storageState: await context.storageState(),
    editUrl,
    viewUrl,
    workspaceUuid,
    contactUrl,
    signerEmail,
  };
  await context.close();
  mkdirSync(dirname(PHONE_LAYOUT_TEAM_FILE), { recursive: true });
  writeFileSync(PHONE_LAYOUT_TEAM_FILE, JSON.stringify(team));
});
