import { expect, test } from "@playwright/test";
import { sendWithApprovers } from "./approver-flow";
import { openAsRecipient, readEveryPage, SIGNING, swipe } from "./envelope-flow";
import { expectAccessible, signUpWithTeam, uniqueEmail } from "./support";

// Delegation: the sender lets signers hand their turn on; a signer on a phone, in French, names
// someone else, whose own link then signs, while the first link says it was delegated.

test("a signer on a 390 px phone, in French, hands their turn to someone else, whose own link signs; the old link says it was delegated (dialog and page accessible)", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpWithTeam(page);
  const signer = {
    email: uniqueEmail("delegator"),
    firstname: "Ada",
    lastname: "Lovelace",
    role: "signer" as const,
  };
  const delegate = { email: uniqueEmail("delegate"), firstname: "Émile", lastname: "Zola" };
  await sendWithApprovers(page, [signer], {
    beforeSend: async (editor) => {
      await editor
        .getByRole("checkbox", { name: "Let signers hand their turn to someone else" })
        .click();
      await expect(editor.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });
    },
  });

  // The signer's phone (390 px), in French.
  const signing = await openAsRecipient(browser, signer.email, 1, "fr");
  await signing.getByRole("button", { name: "Confier mon tour à une autre personne" }).click();
  const dialog = signing.getByRole("dialog", { name: "Confier votre tour à une autre personne" });
  await dialog.getByRole("textbox", { name: /Prénom/ }).fill(delegate.firstname);
  await dialog.getByRole("textbox", { name: /^Nom/ }).fill(delegate.lastname);
  await dialog.getByRole("textbox", { name: /Adresse e-mail/ }).fill(delegate.email);
  await dialog.getByRole("textbox", { name: /Motif/ }).fill("En congé cette semaine.");
  await expectAccessible(signing, "delegation dialog (fr, 390 px)");
  await dialog.getByRole("button", { name: "Confier mon tour" }).click();
  await expect(signing.getByRole("heading", { name: "Ce lien a été délégué" })).toBeVisible();
  await expectAccessible(signing, "delegated link (fr, 390 px)");
  await signing.context().close();

  // The new person's own link: they read and sign in the signer's place.
  const delegated = await openAsRecipient(browser, delegate.email, 1);
  await readEveryPage(delegated);
  await delegated.getByRole("button", { name: SIGNING.en.sign, exact: true }).click();
  await delegated.getByRole("tab", { name: SIGNING.en.type }).click();
  await delegated
    .getByRole("textbox", { name: SIGNING.en.typedName })
    .fill(`${delegate.firstname} ${delegate.lastname}`);
  await swipe(delegated);
  await delegated.waitForURL(/\/confirmation/);
  await delegated.context().close();
});
