import { expect, type Page } from "@playwright/test";
import { EDITOR, uploadAgreement, type Recipient } from "./envelope-flow";

// The approvers' steps of the browser tests: a sender adds approvers and signers (the role chosen
// in the recipient dialog) and sends; an approver reads every page, then approves or rejects.

export interface RoleRecipient extends Recipient {
  role: "signer" | "approver" | "viewer";
}

export const APPROVING = {
  en: {
    approver: /^Approver/,
    approve: "Approve",
    reject: "Reject",
    rejectDialog: "Reject the document",
    reason: "Reason",
    approved: "You have approved this document",
    rejected: "You rejected this document",
    notice: /Requires your approval/,
  },
  fr: {
    approver: /^Approbateur/,
    approve: "Approuver",
    reject: "Rejeter",
    rejectDialog: "Rejeter le document",
    reason: "Motif",
    approved: "Vous avez approuvé ce document",
    rejected: "Vous avez rejeté ce document",
    notice: /Requiert votre approbation/,
  },
} as const;

/**
 * Uploads the two-page agreement, adds `recipients` in order with their role, places a signature
 * field for each signer (approvers and viewers have none), runs `beforeSend` (which may change the signing
 * order), sends (in parallel order unless `beforeSend` chose another), and answers the view's URL.
 */
export async function sendWithApprovers(
  page: Page,
  recipients: RoleRecipient[],
  {
    beforeSend,
  }: {
    /** Runs in the editor once the signature fields are placed, before the envelope is sent. */
    beforeSend?: (page: Page) => Promise<void>;
  } = {},
): Promise<string> {
  const t = EDITOR.en;
  await uploadAgreement(page);

  for (const recipient of recipients) {
    await page.getByRole("button", { name: t.add, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: t.email, exact: true }).fill(recipient.email);
    await dialog.getByRole("textbox", { name: t.firstname, exact: true }).fill(recipient.firstname);
    await dialog.getByRole("textbox", { name: t.lastname, exact: true }).fill(recipient.lastname);
    if (recipient.role === "approver") {
      await dialog.getByRole("radio", { name: APPROVING.en.approver }).click();
    } else if (recipient.role === "viewer") {
      await dialog.getByRole("radio", { name: /^Viewer/ }).click();
    }
    await dialog.getByRole("button", { name: t.addRecipient }).click();
    await expect(dialog).toBeHidden();
  }

  const signers = recipients.filter((item) => item.role === "signer");
  for (const [index, recipient] of signers.entries()) {
    await page
      .getByRole("button", { name: t.placeFor(`${recipient.firstname} ${recipient.lastname}`) })
      .click();
    await page.getByRole("button", { name: t.signature, exact: true }).click();
    // Each signer's field higher up than the previous one's, clear of it.
    await page
      .getByRole("button", { name: t.placeOn(2) })
      .click({ position: { x: 120, y: 420 - index * 130 } });
  }
  await expect(page.getByText(t.saved)).toBeVisible({ timeout: 15_000 });
  await beforeSend?.(page);
  await page.getByRole("button", { name: t.send, exact: true }).click();
  await page.waitForURL(/\/view$/);
  return page.url();
}
